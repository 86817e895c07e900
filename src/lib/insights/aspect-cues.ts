import type { AspectId } from '../../schemas/catalogue.ts';

/**
 * How a cue signals its aspect:
 * - `+` / `-`: the cue itself carries the opinion ("punctual", "overcharged");
 * - `0`: it names the aspect, nearby opinion words decide ("price", "quote");
 * - `e`: an event that is good news unless negated ("showed up", "called back":
 *   "never called back" is a complaint, "called back" alone is not praise);
 * - `w`: a weak cue that names the aspect only when an opinion word attaches to
 *   it ("the install was flawless", but not "we scheduled the install").
 */
export type CueKind = '+' | '-' | '0' | 'e' | 'w';

export interface CueSense {
  aspect: AspectId;
  kind: CueKind;
}

/**
 * Built-in cues, beyond the editable ones in content/aspects.json. Each line:
 * aspect, kind, then phrases (`_` joins words). Content cues that are not
 * listed here take the sign of their general valence.
 */
const CUE_TABLE = `
punctuality + on_time right_on_time punctual punctually on_the_dot on_schedule ahead_of_schedule minutes_early right_when when_promised as_promised exactly_when timely early
punctuality - late waited running_late running_behind no_show nobody_showed no_one_showed never_showed_up reschedule rescheduling tardy behind_schedule delayed rescheduled stood_us_up stood_me_up kept_us_waiting kept_me_waiting never_showed late_again
punctuality e showed_up show_up showing_up arrived arrive arrives arriving arrival got_here get_here
punctuality 0 appointment_window arrival_window time_window
responsiveness + responsive same_day next_day next_morning quick_response fast_response prompt_response quick_reply quick_to_respond fit_us_in fit_me_in squeezed_us_in squeezed_me_in got_right_back same_afternoon same_evening same_morning that_afternoon that_evening
responsiveness - unresponsive never_heard_back no_response ghosted took_forever slow_to_respond hard_to_reach impossible_to_reach
responsiveness e called_back call_back callback calls_back got_back_to get_back_to gets_back_to returned_my_call returned_our_call returned_my_calls answered_the_phone picked_up_the_phone answered_right_away responded respond responds response responding replied reply
responsiveness 0 emergency voicemail response_time availability dispatched
communication + explained explaining explains showed_me_how showed_us_how showed_her_how showed_him_how showed_them_how kept_us_informed kept_me_informed kept_us_updated kept_me_updated kept_us_posted kept_me_posted in_the_loop walked_me_through walked_us_through answered_all_my_questions answered_all_our_questions answered_my_questions answered_our_questions communicative heads_up called_ahead texted_ahead listened great_communication good_communication clear_communication
communication - confusing jargon miscommunication poor_communication
communication e explain coordinated communicated communicates texted informed updated went_over let_me_know let_us_know broke_down laid_out showed_me showed_us warned warn
communication 0 communication explanation updates communicator
professionalism + professional professionally courteous polite respectful friendly honest honesty trustworthy kind patient personable considerate gentleman class_act great_guy nice_guy good_guy integrity courtesy caring
professionalism - unprofessional short_with_me short_with_us push pushing pressure rude rudely disrespectful unfriendly dishonest impatient pushy upsell upsold upselling upsale sales_pitch condescending arrogant dismissive
professionalism 0 attitude professionalism manners demeanor demeanour
workmanship + careful carefully meticulous meticulously thorough attention_to_detail double_checked detail_oriented inspection_passed passed_first_try passed_on_the_first_try neat neatly tidy_work clean_install clean_installation clean_work clean_job clean_wiring neat_wiring done_right works_perfectly working_perfectly works_great working_great works_like_a_charm passed_inspection passed_the_inspection passed_final_inspection right_the_first_time labeled labelled craftsmanship_is
workmanship - sloppy shoddy botched redo re_do still_broken still_not_working still_doesn't_work stopped_working_again broke_again problem_came_back issue_came_back hack_job half_assed crooked amateur
workmanship 0 quality workmanship craftsmanship
workmanship w work job install installation wiring works looks look looked finished_product result results
technical_knowledge + knowledgeable knew_exactly expert expertise experienced years_of_experience figured_out found_the_problem found_the_issue found_the_cause found_the_culprit found_the_fault tracked_down tracked_it_down pinpointed know_how competent skilled skillful genius wizard knew_his_stuff knew_her_stuff knew_their_stuff knows_his_stuff knows_her_stuff knows_their_stuff know_their_stuff root_cause
technical_knowledge - inexperienced clueless incompetent misdiagnosed guesswork guessing no_idea trial_and_error
technical_knowledge + diagnosed traced troubleshot traced_the_problem traced_the_issue traced_it
technical_knowledge e diagnose
technical_knowledge 0 code diagnosis stumped nec electrical_code
pricing + affordable fair reasonable reasonably reasonably_priced fairly_priced cheap cheaper cheapest inexpensive worth_every_penny worth_it well_worth worth_the_money worth_the_price worth_the_cost good_value great_value competitive upfront_pricing didn't_charge did_not_charge no_charge free_of_charge waived discount
pricing - expensive pricey overpriced overcharged overcharge rip_off ripoff ripped_off gouged gouging price_gouging hidden_fees surprise_charges surprise_fees markup steep costly
pricing w total
pricing 0 price prices pricing priced quote quotes quoted estimate estimates cost costs invoice bill billed charge charged fee fees money paid pay budget rates bid bids financing dollars
cleanliness + clean cleaned_up cleans_up cleaned clean_up cleanup spotless vacuumed swept tidy tidied tidied_up drop_cloths drop_cloth shoe_covers booties tarps cleaner_than picked_up_after immaculate wiped_down
cleanliness - mess messy left_a_mess debris sawdust dust drywall_dust filthy dirty muddy footprints trash
safety + safe safer safely peace_of_mind
safety - unsafe
safety 0 safety hazard hazards fire_hazard hazardous dangerous danger burning_smell scorched sparking sparks shock shocked_me melted fire_risk exposed_wires exposed_wiring ungrounded grounding burned burnt overheating
`;

/**
 * Opinion words whose sign depends on the aspect they attach to: a "high"
 * price is bad, a "low" one good; "early" is praise only for punctuality.
 */
const ASPECT_VALENCE_TABLE = `
pricing -1.6 high higher steep outrageous insane crazy
pricing 1.6 low lower competitive
pricing -1.5 more_than_expected more_than_i_expected more_than_we_expected higher_than_expected more_than_quoted
punctuality 2 early
punctuality -2 late
responsiveness -1.5 slow
`;

export const BUILT_IN_CUES: ReadonlyMap<string, CueSense[]> = parseCues(CUE_TABLE);
export const ASPECT_VALENCE: ReadonlyMap<string, Partial<Record<AspectId, number>>> = parseAspectValence(ASPECT_VALENCE_TABLE);

function parseCues(table: string): Map<string, CueSense[]> {
  const map = new Map<string, CueSense[]>();
  for (const line of table.trim().split('\n')) {
    const [aspect, kind, ...phrases] = line.trim().split(/\s+/);
    for (const phrase of phrases) {
      const key = phrase.replace(/_/g, ' ');
      const senses = map.get(key) ?? [];
      senses.push({ aspect: aspect as AspectId, kind: kind as CueKind });
      map.set(key, senses);
    }
  }
  return map;
}

function parseAspectValence(table: string): Map<string, Partial<Record<AspectId, number>>> {
  const map = new Map<string, Partial<Record<AspectId, number>>>();
  for (const line of table.trim().split('\n')) {
    const [aspect, value, ...words] = line.trim().split(/\s+/);
    for (const word of words) map.set(word, { ...map.get(word), [aspect as AspectId]: Number(value) });
  }
  return map;
}
