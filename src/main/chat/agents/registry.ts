/**
 * The registry behind GET /v1/agents: the safety agent (run on every turn, src/main/chat/safety.ts) and the
 * specialists the orchestrator routes to. Only agents that exist are listed; each has a routing test.
 */
import type { AgentMeta, Agent } from './types.ts';
import {
  contraindicationsAgent,
  dosingAgent,
  interactionsAgent,
  monitoringAgent,
  pregnancyAgent,
  sideEffectsAgent,
} from './compound-clinical.ts';
import {
  comparisonAgent,
  costAgent,
  evidenceAgent,
  indicationsAgent,
  mechanismAgent,
  overviewAgent,
  regulatoryAgent,
  relatedAgent,
  structureAgent,
} from './compound-profile.ts';
import { compoundQuestionAgent } from './compound-question.ts';
import { compoundStudiesAgent, documentLookupAgent, literatureAgent, researchQuestionAgent } from './literature.ts';
import { glossaryAgent, labReferenceAgent, nutrientSourcesAgent } from './reference.ts';
import { categoryAgents, goalAgent } from './categories.ts';
import { bioageAgent } from './tools/bioage.ts';
import { bloodworkAgent } from './tools/bloodwork.ts';
import { inbodyAgent } from './tools/inbody.ts';
import { interactionCheckerAgent } from './tools/interactions.ts';
import { macrosAgent } from './tools/macros.ts';
import { nutritionAgent } from './tools/nutrition.ts';
import { protocolAgent } from './tools/protocol.ts';
import { stackAgent } from './tools/stack.ts';

export const SAFETY_AGENT: AgentMeta = {
  id: 'safety',
  name: 'Safety',
  group: 'safety',
  covers:
    'runs on every turn: emergencies get the instruction to contact emergency services first; requests to get around medical care or outside health are declined; every answer ends with a not-medical-advice note',
  uses: ['emergency, evasion and scope patterns (editorial safety wording)'],
  example: 'I have crushing chest pain right now',
};

/** In registry order, which is also the order of sections with equal routing scores. */
export const SPECIALISTS: readonly Agent[] = [
  interactionCheckerAgent,
  compoundQuestionAgent,
  dosingAgent,
  interactionsAgent,
  contraindicationsAgent,
  sideEffectsAgent,
  pregnancyAgent,
  monitoringAgent,
  overviewAgent,
  indicationsAgent,
  mechanismAgent,
  evidenceAgent,
  regulatoryAgent,
  costAgent,
  structureAgent,
  relatedAgent,
  comparisonAgent,
  researchQuestionAgent,
  literatureAgent,
  compoundStudiesAgent,
  documentLookupAgent,
  labReferenceAgent,
  nutrientSourcesAgent,
  glossaryAgent,
  bloodworkAgent,
  bioageAgent,
  inbodyAgent,
  macrosAgent,
  nutritionAgent,
  stackAgent,
  protocolAgent,
  ...categoryAgents,
  goalAgent,
];

export function agentList(): AgentMeta[] {
  const meta = ({ id, name, group, covers, uses, example }: AgentMeta): AgentMeta => ({
    id,
    name,
    group,
    covers,
    uses,
    example,
  });
  return [SAFETY_AGENT, ...SPECIALISTS.map(meta)];
}
