import type { AspectId } from '../../schemas/catalogue.ts';

/**
 * How a cue signals its aspect:
 * - `+` / `-`: the cue itself carries the opinion ("punctual", "overcharged");
 * - `0`: it names the aspect, nearby opinion words decide ("price", "quote");
 * - `e`: an event that is good news unless negated ("showed up", "called back":
 *   "never called back" is a complaint, "called back" alone is not praise);
 * - `w`: a weak cue that names the aspect only when an opinion word attaches to
 *   it ("the install was flawless", but not "we scheduled the install");
 * - `o`: an installed object, a weak cue that only takes lasting faults (see WORK_OBJECTS).
 */
export type CueKind = '+' | '-' | '0' | 'e' | 'w' | 'o';

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
punctuality + like_clockwork the_day_they_said the_time_they_said like_they_said as_they_said when_scheduled finished_early ahead_of_time met_the_deadline on_track prompt promptly when_they_said when_he_said when_she_said as_scheduled on_time right_on_time punctual punctually on_the_dot on_schedule ahead_of_schedule minutes_early right_when when_promised as_promised exactly_when timely early
punctuality - after_the_window past_the_window outside_the_window missed_the_appointment missed_our_appointment missed_my_appointment forgot_about_us forgot_about_me forgot_our_appointment pushed_back kept_pushing rescheduled_twice cancelled canceled postponed never_came never_arrived didn't_come took_longer_than dragged_on dragged_out sat_around waited_around wasted_my_morning wasted_my_day wasted_my_afternoon late waited running_late running_behind no_show nobody_showed no_one_showed never_showed_up reschedule rescheduling tardy behind_schedule delayed rescheduled stood_us_up stood_me_up kept_us_waiting kept_me_waiting never_showed late_again
punctuality e showed_up show_up showing_up arrived arrive arrives arriving arrival got_here get_here
punctuality 0 punctuality timeliness appointment_window arrival_window time_window timeline deadline
responsiveness + responsive same_day next_day next_morning quick_response fast_response prompt_response quick_reply quick_to_respond fit_us_in fit_me_in squeezed_us_in squeezed_me_in got_right_back same_afternoon same_evening same_morning that_afternoon that_evening
responsiveness - unresponsive never_heard_back no_response ghosted took_forever slow_to_respond hard_to_reach impossible_to_reach
responsiveness + called_back call_back callback calls_back call_me_back call_us_back called_me_back called_us_back got_back_to get_back_to gets_back_to answered_the_phone picked_up_the_phone answered_right_away responded responds responding replied
responsiveness e respond response reply heard_back hear_back answered picked_up_the_phone answer
responsiveness 0 emergency voicemail response_time availability available dispatched turnaround scheduling waitlist wait_list after_hours
responsiveness - booked_out backlogged phone_tag unreachable couldn't_get_anyone no_one_answered nobody_answered
responsiveness 0 follow_up
responsiveness + quick_turnaround fast_turnaround quick_to_schedule easy_to_schedule followed_up followed_through reached_out squeezed_in worked_us_in worked_me_in 24_7
communication + sent_a_text talked_me_through talked_us_through told_us_exactly gave_us_options gave_me_options easy_to_talk_to informative called_before sent_photos sent_pictures sent_a_photo sent_me_photos plain_english layman's_terms detailed_explanation explained explaining explains showed_me_how showed_us_how showed_her_how showed_him_how showed_them_how kept_us_informed kept_me_informed kept_us_updated kept_me_updated kept_us_posted kept_me_posted in_the_loop walked_me_through walked_us_through answered_all_my_questions answered_all_our_questions answered_my_questions answered_our_questions communicative heads_up called_ahead texted_ahead listened great_communication good_communication clear_communication
communication - in_the_dark left_in_the_dark kept_in_the_dark no_explanation confusing jargon miscommunication poor_communication without_calling without_a_call without_notice without_any_notice without_warning no_heads_up different_answers conflicting mixed_messages contradictory
communication e communicate told_us told_me tell_us tell_me mention mentioned to_know say_much said_much say_a_word said_a_word say_anything said_anything explain warn
communication + called_to_say call_to_say coordinated communicated communicates texted informed updated went_over let_me_know let_us_know broke_down laid_out showed_me showed_us warned
communication 0 communication explanation updates communicator
professionalism + above_and_beyond went_above_and_beyond went_the_extra_mile extra_mile made_us_feel_comfortable made_me_feel_comfortable at_ease trust trusted reliable dependable approachable easygoing respect good_attitude great_attitude great_to_work_with easy_to_work_with easy_to_deal_with pleasure_to_work_with a_pleasure_to_work_with owned_up owned_the_mistake took_responsibility made_it_right stood_behind accountable respectful_of good_people good_folks nice_people great_people thoughtful gracious welcoming humble down_to_earth professional professionally courteous polite respectful friendly honest honesty trustworthy kind patient personable considerate gentleman class_act great_guy nice_guy good_guy integrity courtesy caring
professionalism - scam scammed swearing cursed laughed_at felt_rushed seemed_rushed rushed in_a_hurry blamed made_excuses excuses argued argumentative defensive lied lying bait_and_switch swore cursing yelled hung_up_on cocky smug salesy unprofessional short_with_me short_with_us push pushing pressure sell_me sell_us sold_me sold_us try_to_sell tried_to_sell on_his_phone on_her_phone reeked cigarette smoking talked_down_to talk_down_to talked_down rude rudely disrespectful unfriendly dishonest impatient pushy upsell upsold upselling upsale sales_pitch condescending arrogant dismissive
professionalism 0 attitude professionalism manners demeanor demeanour
professionalism e treated_us treated_me apologize apologized apologised
workmanship + everything_works all_working working_again up_and_running exactly_what_we_wanted exactly_where_we_wanted just_what_we_wanted nice_touch flush hidden concealed tucked_away out_of_sight works_fine work_fine working_fine done_properly done_correctly did_it_right did_it_properly by_the_book solid_work sturdy secure_and_level level_and_secure holding_up held_up still_going_strong like_new good_as_new careful carefully meticulous meticulously attention_to_detail line_up lined_up perfectly_level no_more_flickering no_more_tripping finally_stay_on finally_stays_on finally_works finally_work double_checked detail_oriented inspection_passed passed_first_try passed_on_the_first_try neat neatly tidy_work clean_install clean_installation clean_work clean_job clean_wiring neat_wiring done_right works_perfectly working_perfectly works_great working_great works_like_a_charm passed_inspection passed_the_inspection passed_final_inspection right_the_first_time labeled labelled craftsmanship_is
workmanship - made_it_worse worse_than_before half_finished half_finished_job created_a_new_problem created_another_problem caused_a_new_problem caused_another_problem damaged damage scratched dented messed_up screwed_up mistake mistakes hack someone_else_to_fix another_electrician_to_fix fix_their_mistake came_loose fell_off falling_off wobbly sagging gaps unfinished incomplete half_done left_undone forgot faulty defective failed_again broke_again died_again not_working doesn't_work don't_work won't_turn_on trips_again tripping_again tripped_again stopped_working still_there still_tripping still_trips still_flickering still_flickers still_dead still_happening wrong_spot wrong_place wrong_wire wrong_breaker wrong_size not_flush aren't_flush isn't_flush uneven cracked return_trip second_trip sloppy shoddy botched redo re_do still_broken still_not_working still_doesn't_work stopped_working_again broke_again problem_came_back issue_came_back hack_job half_assed crooked amateur
workmanship 0 quality workmanship craftsmanship
workmanship e fix fixed solve solved resolve resolved finish finished
workmanship w work job install installation installed hung mounted wired rewired repair repairs wiring works looks look looked spaced spacing placement finished_product result results
technical_knowledge + seasoned whiz savvy well_versed load_calculation load_calc knew_the_code knows_the_code certified trained understood_exactly knowledgeable knew_exactly expert expertise experienced years_of_experience figured_out found_the_problem found_the_issue found_the_cause found_the_culprit found_the_fault tracked_down tracked_it_down pinpointed know_how competent skilled skillful genius wizard knew_his_stuff knew_her_stuff knew_their_stuff knows_his_stuff knows_her_stuff knows_their_stuff know_their_stuff root_cause
technical_knowledge - baffled couldn't_figure_out could_not_figure_out gave_up wrong_diagnosis unsure seemed_lost called_his_supervisor called_his_boss called_her_supervisor inexperienced clueless incompetent misdiagnosed guesswork guessing no_idea trial_and_error
technical_knowledge + diagnosed traced troubleshot traced_the_problem traced_the_issue traced_it
technical_knowledge e diagnose
technical_knowledge 0 knowledge skills code diagnosis stumped nec electrical_code
pricing + affordable fair reasonable reasonably reasonably_priced fairly_priced cheap cheaper cheapest inexpensive worth_every_penny worth_it well_worth worth_the_money worth_the_price worth_the_cost good_value great_value competitive upfront_pricing didn't_charge did_not_charge no_charge free_of_charge waived discount
pricing - expensive pricey overpriced overcharged overcharge rip_off ripoff ripped_off gouged gouging price_gouging hidden_fees surprise_charges surprise_fees markup steep costly
pricing w total
pricing 0 price prices pricing priced quote quotes quoted estimate estimates cost costs invoice bill billed charge charged fee fees money paid pay budget rates bid bids financing dollars
cleanliness 0 cleanliness housekeeping cleanup
cleanliness e clean_up
cleanliness + never_know_they_were_there never_knew_they_were_there picked_up_every picked_up_all left_the_place_better dustless dust_free wiped covered_the_furniture tarp boot_covers left_no_trace never_know_they_were_here never_knew_they_were_here hauled_away took_away plastic_sheeting sheeting covered_the_floors covered_the_floor protected_the_floors floor_protection took_off_their_shoes shoes_off vacuum sweep swept_up broom cleaning clean cleaned_up cleans_up cleaned spotless vacuumed swept tidy tidied tidied_up drop_cloths drop_cloth shoe_covers booties tarps cleaner_than picked_up_after wiped_down
cleanliness - clippings scraps wrappers packaging insulation_everywhere tracked_mud tracked_dirt dusty dirt mess messy messes left_a_mess debris sawdust dust drywall_dust filthy dirty muddy footprints trash
safety + shut_off_the_main turn_off_the_main turned_off_the_main shut_off_the_power shut_the_power_off kill_the_power sleep_better sleep_at_night feel_safe feel_safer protected safe safer safely peace_of_mind
safety - unsafe left_it_live
safety 0 fire fire_risk smell smelled smoke_detector smoke_detectors smoke_alarm smoke_alarms carbon_monoxide co_detectors live_wires live_wire arcing arc_fault overloaded recalled zinsco federal_pacific fpe stab_lok knob_and_tube aluminum_wiring double_tapped electrocuted electrocution risk rusted rusted_through corroded corrosion scorching safety hazard hazards fire_hazard hazardous dangerous danger burning_smell scorched sparking sparks shock shocked_me melted fire_risk exposed_wires exposed_wiring ungrounded grounding burned burnt overheating
`;

/**
 * Opinion words whose sign depends on the aspect they attach to: a "high"
 * price is bad, a "low" one good; "early" is praise only for punctuality.
 */
/** People: they name professionalism only when a word about manner attaches ("the tech was lovely"). */
/**
 * Things an electrician installs: praise of them is praise of the work ("the
 * new lights look amazing"); a fault word on them counts only when it
 * persists after the job ("the outlet is still dead"), since customers
 * describe the original fault the same way.
 */
export const WORK_OBJECTS =
  'outlet outlets receptacle receptacles switch switches light lights lighting fixture fixtures fan fans panel charger generator dimmer dimmers pendant pendants chandelier can_lights recessed_lights pot_lights doorbell detector detectors thermostat sconce sconces conduit circuit circuits breaker breakers cover_plates plates wall_connector interlock transfer_switch surge_protector heat_pump mini_split floodlights flood_lights path_lights landscape_lighting porch_light motion_lights under_cabinet_lights leds';

export const PERSON_NOUNS =
  'he she guy guys tech techs technician technicians electrician electricians crew team staff installer installers apprentice woman lady man receptionist dispatcher';

const ASPECT_VALENCE_TABLE = `
pricing -1.6 high higher steep outrageous insane crazy
pricing 1.6 low lower competitive
pricing -1.5 more_than_expected more_than_i_expected more_than_we_expected higher_than_expected more_than_quoted
punctuality 2 early
punctuality -2 late
responsiveness -1.5 slow
professionalism 2 nice pleasant lovely sweet warm cheerful helpful calm
professionalism 2.5 wonderful delightful a_pleasure a_delight great awesome amazing fantastic terrific excellent
professionalism 1 nice_enough
professionalism -1.6 gruff grumpy cold curt short abrupt snippy
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
