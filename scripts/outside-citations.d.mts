export function outsideCitations(text: string): { line: number; what: string }[];
