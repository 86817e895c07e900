import { completable, ProtocolError, ProtocolErrorCode, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { completeFrom, findTechnician } from '../../src/lib/answers/lookup.ts';
import { reviewIdsCriticalFirst } from '../../src/lib/answers/trend.ts';
import { positionOf } from '../../src/lib/search/index.ts';
import { AspectIdSchema, ASPECT_IDS, TechnicianSchema } from '../../src/schemas/catalogue.ts';
import { IsoDateSchema, SlugSchema, UlidSchema } from '../../src/schemas/common.ts';
import type { McpDeps } from './deps.ts';
import { REVIEW_URI_TEMPLATE, SINCE_URI_TEMPLATE, sinceResourceText } from './resources.ts';
import { choices } from './tools/tool-result.ts';

function lowerCased(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

/** Review ids are ULIDs, which are case-insensitive: any case is read as the upper case they are written in. */
function upperCased(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** Prompts an owner or an analyst starts from; each names the tools that answer it and carries the data it needs. */
export function registerPrompts(server: McpServer, deps: McpDeps): void {
  const current = () => deps.artifacts.current;
  const technicianNames = () => current().dataset.business.technicians.flatMap((t) => [t.name, ...t.aliases]);
  const serviceIds = () => current().dataset.business.services.map((s) => s.id);

  server.registerPrompt(
    'summarise_reviews_since',
    {
      title: 'Summarise the reviews since a date',
      description:
        'What customers said since a date: themes, praise, complaints, anything to act on. Optionally focused on one aspect or service.',
      argsSchema: z.object({
        since: IsoDateSchema.describe('First day to include, YYYY-MM-DD'),
        // Any case, as the tools take it: a prompt argument is free text a person types.
        aspect: completable(z.preprocess(lowerCased, AspectIdSchema).describe('Aspect to focus on (optional, any case)'), (typed) =>
          completeFrom(ASPECT_IDS, typeof typed === 'string' ? typed : ''),
        ).optional(),
        service: completable(SlugSchema.describe('Service id to focus on (optional)'), (typed) =>
          completeFrom(serviceIds(), typed ?? ''),
        ).optional(),
      }),
    },
    ({ since, aspect, service }): GetPromptResult => {
      const { dataset, read } = current();
      const focus = [aspect && `the aspect ${aspect}`, service && `the service ${service}`].filter(Boolean).join(' and ');
      const uri = SINCE_URI_TEMPLATE.replace('{date}', since);
      const data = sinceResourceText(read, since) ?? '';
      return {
        description: `Reviews of ${dataset.business.name} since ${since}`,
        messages: [
          userText(
            `Summarise what customers of ${dataset.business.name} said in their verified reviews dated on or after ${since}` +
              `${focus ? `, focusing on ${focus}` : ''}. Group the themes, quote short evidence with review ids, separate praise from ` +
              'complaints and end with what the owner should act on. The newest reviews are attached (count says how many there are in all); ' +
              `for more, call get_reviews_since with the next_cursor it gives, or search_reviews with since and other filters (read it again as ${uri}); ` +
              'get_aspect_sentiment and get_trend give the longer view.',
          ),
          {
            role: 'user',
            content: { type: 'resource', resource: { uri, mimeType: 'application/json', text: data } },
          },
        ],
      };
    },
  );

  const technicianArg = (what: string) =>
    completable(TechnicianSchema.shape.name.describe(what), (typed) => completeFrom(technicianNames(), typed ?? ''));
  server.registerPrompt(
    'compare_technicians',
    {
      title: 'Compare two technicians',
      description: 'How customers rate two technicians: volume, ratings, sentiment, the aspects they praise or criticise, with evidence.',
      argsSchema: z.object({
        first: technicianArg('First technician (name, first name or alias)'),
        second: technicianArg('Second technician'),
      }),
    },
    ({ first, second }): GetPromptResult => {
      const { dataset, insights } = current();
      const roster = dataset.business.technicians;
      const profiles = [first, second].map((name) => {
        const found = findTechnician(roster, name);
        if (found.kind !== 'found') {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `${JSON.stringify(name)} is not one technician. Valid names: ${choices(roster.map((t) => t.name))}.`,
          );
        }
        return { technician: found.value, insight: insights.entities.technicians.find((t) => t.name === found.value.name) ?? null };
      });
      return {
        description: `${profiles[0]?.technician.name} and ${profiles[1]?.technician.name} in the reviews`,
        messages: [
          userText(
            `Compare how customers of ${dataset.business.name} rate these two technicians, fairly: how often each is mentioned, average ` +
              'rating, text sentiment and the aspects customers single out, with evidence (call get_review for the example review ids, ' +
              'search_reviews with mentions_technician for more). Note where the numbers are too small to conclude.\n\n' +
              JSON.stringify(profiles),
          ),
        ],
      };
    },
  );

  server.registerPrompt(
    'draft_reply_to_review',
    {
      title: 'Draft a reply to a critical review',
      description:
        "A public owner's reply to one review, addressing what the customer actually criticised. Completion offers the 1–2 star reviews first.",
      argsSchema: z.object({
        review_id: completable(z.preprocess(upperCased, UlidSchema).describe('Id of the review to answer (any case)'), (typed) => {
          return completeFrom(reviewIdsCriticalFirst(current().read.index), String(typed ?? ''));
        }),
      }),
    },
    ({ review_id }): GetPromptResult => {
      const { dataset, read, insights } = current();
      const position = positionOf(read.index, review_id);
      if (position === undefined) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `No published review has the id ${review_id}; complete the argument, or find one with search_reviews (e.g. rating 1).`,
        );
      }
      const review = read.review(position);
      return {
        description: `Reply to ${review.author}'s ${review.rating}-star review of ${review.date}`,
        messages: [
          userText(
            `Draft a short public reply from the owner of ${dataset.business.name} to this ${review.rating}-star review. Thank the customer, ` +
              'answer each concrete criticism (the analysis lists them with their evidence) without arguing or disclosing private details, say ' +
              'what will change where the criticism is fair, and offer a direct contact (' +
              `${dataset.business.telephone}, ${dataset.business.email}). ` +
              (review.owner_reply ? 'The business already replied once (owner_reply); write a follow-up only if it adds something. ' : '') +
              `\n\n${JSON.stringify({ review, analysis: insights.analysisOf(review.id) ?? null, resource: REVIEW_URI_TEMPLATE.replace('{id}', review.id) })}`,
          ),
        ],
      };
    },
  );
}

function userText(text: string): GetPromptResult['messages'][number] {
  return { role: 'user', content: { type: 'text', text } };
}
