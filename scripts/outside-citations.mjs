// Code and comments cite only documents in the repository (docs/, bench/RESULTS.md, READMEs):
// the product spec, the shared API contract and the issue tracker live outside it, so a reader of
// the code could not follow a section number of the spec, a path into ../shared or an issue number.
const OUTSIDE = [
  { pattern: /\bSPEC[ §]*\d/, what: "the product spec outside the repository" },
  { pattern: /\.\.\/shared\//, what: "a document outside the repository" },
  { pattern: /\b[Ii]ssue \d+/, what: "the issue tracker" },
];

/** Each line of `text` that cites a document outside the repository: `{line, what}`. */
export function outsideCitations(text) {
  const found = [];
  text.split("\n").forEach((content, index) => {
    const hit = OUTSIDE.find(({ pattern }) => pattern.test(content));
    if (hit) found.push({ line: index + 1, what: hit.what });
  });
  return found;
}
