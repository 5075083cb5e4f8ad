import { setHashCostForTests } from '../lib/passwords.ts';

// Before each file of the API's suite: passwords hashed at the tests' cost (lib/passwords.ts).
setHashCostForTests('cheap');
