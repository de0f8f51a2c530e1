/** MCP prompts: ready-made requests that walk an agent through the tools (interaction review, evidence summary). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function registerPrompts(server: McpServer) {
  server.registerPrompt(
    'review_medication_list',
    {
      title: 'Review a medication list for interactions',
      description:
        'Checks every pair of a medication and supplement list with check_interactions and asks for a cited summary.',
      argsSchema: {
        medications: z.string().min(1).describe('the medications and supplements, one per line or separated by commas'),
      },
    },
    ({ medications }) => {
      const names = medications
        .split(/[\n,;]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      return {
        description: `Interaction review of ${names.length} substance(s)`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                'Review this medication list for interactions, using the Materia tools only:',
                ...names.map((n) => `- ${n}`),
                '',
                `1. Call check_interactions with {"substances": ${JSON.stringify(names)}}.`,
                '2. List every interacting pair, most severe first, with its severity, what each source says, the mechanism and the management.',
                '3. Name every substance that could not be resolved: an unresolved name is never "no interaction". Quote the coverage statement.',
                '4. For the most severe pairs, get_monograph or get_compound may add context; cite the record or source of each statement and the licences in provenance.',
                'This is reference information for a clinician, not medical advice.',
              ].join('\n'),
            },
          },
        ],
      };
    },
  );
  server.registerPrompt(
    'summarize_compound_evidence',
    {
      title: 'Summarise the evidence for a compound',
      description: "Reads a compound's monograph and its linked documents and asks for a graded, cited summary.",
      argsSchema: { compound: z.string().min(1).max(256).describe('a compound name or slug, e.g. "metformin"') },
    },
    ({ compound }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: [
              `Summarise the evidence for ${compound}, using the Materia tools only:`,
              `1. search with {"query": ${JSON.stringify(compound)}, "types": ["compounds"]} to find its slug.`,
              '2. get_monograph (or get_compound when it has no monograph) for its evidence grade, indications and safety.',
              '3. list_documents with {"compound": "<slug>"} for the linked studies.',
              'Give the evidence grade and what it means, the main indications with their grades, and cite each statement (document id, DOI or PMID). Say what is editorial.',
            ].join('\n'),
          },
        },
      ],
    }),
  );
}
