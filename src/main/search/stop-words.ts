/**
 * Words that carry no topic, dropped from OR-ed full-text queries so "and", "the" or "without" do not match nearly
 * every record. A query made only of them is searched as written (someone may really look up "the").
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `
a about above after again against all also am an and any are as at be because been before being below between both but by
can could did do does doing down during each either few for from further had has have having he her here hers him his how
i if in into is it its itself just me more most my neither no nor not of off on once only or other our ours out over own
same she should so some such than that the their theirs them then there these they this those through to too under until
up very was we were what when where which while who whom why will with without would you your yours
tell please show give find help need want know use using used get
`
    .split(/\s+/)
    .filter(Boolean),
);
