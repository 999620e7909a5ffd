/** A module variable: each test file that imports this module must see it start at zero. */
let loads = 0;
export const countLoad = () => ++loads;
