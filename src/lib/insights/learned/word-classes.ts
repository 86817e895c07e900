import { stemOf } from './stem.ts';

/**
 * Word classes: hand-made groups of words that say the same thing about an
 * aspect, written from the labelling guide's descriptions and from general
 * trade vocabulary. The learned layer sees the class of each word (`k:late`)
 * beside the word itself, so a word it met once or never in training still
 * counts through its class ("rocked up" through "arrive"). Single words and
 * two-word phrases; the words are stemmed like the text.
 */
const CLASSES: Record<string, string> = {
  arrive:
    'arrive arrived arriving arrival show showed showing turned_up turn_up rocked_up rolled_up got_here pulled_up appointment slot window',
  late: 'late later lateness no_show noshow waited waiting wait hours_late tardy delayed delay stood_up stand_up cancel cancelled canceled reschedule rescheduled postponed missed running_behind behind held_up traffic stuck',
  ontime: 'punctual punctually on_time sharp dot prompt promptly early clockwork schedule scheduled deadline finished_on ahead timely',
  duration: 'weeks week days day months month hours minutes dragged drag took_forever forever ages',
  contact:
    'call called calls calling callback phone phoned rang ring ringing voicemail email emailed emails text texted texts message messaged reply replied respond responded response responsive answer answered unanswered contact contacted reach reached booked booking book office got_through engaged hold ignored ghosted chase chased chasing follow_up followed_up',
  quick:
    'same_day next_day same_afternoon same_evening within_hour quickly fast quick immediately straight_away right_away asap emergency urgent squeezed fit_us fit_me',
  explain:
    'explain explained explaining explanation told tell telling walked_through showed_me show_me photos photo pictures picture updates update updated posted informed inform communication communicate communicated jargon options clear clearly understand understood questions question answered asked heads_up warned let_us let_me talked note notes logbook report reports diagram sketch summary documented documentation heads_up called_ahead ahead walkthrough walk_through copied mentioned updated found_out kept_posted kept_informed in_the_loop loop straight_answers plain_english drew breakdown itemized itemised written',
  manner:
    'polite rude friendly courteous respectful respect manners attitude honest honesty dishonest pushy upsell upselling upsold professional unprofessional kind lovely nice pleasant patient arrogant condescending laughed swore swearing rude trust trustworthy treated lecture lectured chatty cheerful grumpy helpful decent genuine gent gentleman bloke fella lad chap lady pleasure chill helpful cowboys cowboy sales_pitch hard_sell pressure apology apologised apologized sorry mask respected respectfully grumpy moody miserable sweetheart love darling patronising patronizing condescending shouted yelled argued argue manager owner polite_and courtesy considerate',
  result:
    'works working worked work flicker flickering flickers buzz buzzing buzzes trip trips tripping tripped dead broke broken failed fail stopped stop still again redo redone fix fixed sorted neat neatly tidy straight flush level crooked wonky labelled labeled finish finished install installed installation looks look perfect solid sloppy shoddy botched quality craftsmanship workmanship job solid_job tidy_job job_done well_done came_loose loose fell_off fell_out wobbly crooked rattles rattling hums humming flickered',
  inspect: 'inspection inspector passed signed_off sign_off fail_inspection certificate cert eicr',
  expertise:
    'knew know knows knowing knowledge knowledgeable expert expertise experience experienced diagnose diagnosed diagnosis found find finding traced trace tracked spotted spot figured pinpointed troubleshoot troubleshooting clueless guess guessed guessing lost stumped idea clue understands smart competent incompetent skilled qualified worked_out regs spotted thermal checked measured admit boss look_it_up youtube google googled confident unsure unsure_whether guesswork trial_and_error method methodical logical systematic',
  rules: 'code codes regs regulations regulation compliant compliance spec specs standard standards nec bs7671 requirements',
  money:
    'price priced pricing cost costs costed quote quoted quotes estimate estimated bill billed invoice invoiced charge charged charges fee fees pound pounds dollars dollar quid bucks cheap cheaper cheapest expensive pricey overcharged overcharge ripoff rip_off afford affordable value worth penny discount hourly callout call_out travel money paid pay payment deposit budget reasonable fair extortionate steep quoted_price over_budget under_budget markup mark_up invoice_matched surcharge vat tax cash',
  clean:
    'clean cleaned cleaning cleanup clean_up mess messy dust dusty debris sweep swept vacuum vacuumed hoover hoovered drop_cloths dust_sheets sheets shoe_covers booties boots footprints muddy mud clippings offcuts rubbish trash litter tidied spotless filthy carpet floor floors plaster crumbs wiped wipe swept_up bagged bag took_away cardboard packaging sawdust fingerprints marks scuff scuffs scuffed',
  hazard:
    'safe safety unsafe safely hazard hazardous danger dangerous fire burn burnt burned burning scorched scorch melted melt melting smoke smoking smoked smell smelled spark sparks sparking arc arcing shock shocked zap zapped ground grounded grounding ungrounded earth earthed earthing bonding bonded gfci gfi afci rcd rcbo surge permit permits violation violations overloaded overload aluminum aluminium double_tapped zinsco federal_pacific fpe isolated isolate lockout tested tester meter live exposed splice knob_and_tube fuse_box risk fire_risk electrocuted electrocution bare_wire bare exposed_wire smoke_alarm smoke_alarms carbon co_alarm',
  negative_result: 'again still stopped failed came_back call_back callback return returned twice three_times',
};

/** stem (or "stem stem") → class names. */
export const WORD_CLASSES: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [name, words] of Object.entries(CLASSES)) {
    for (const phrase of words.split(/\s+/)) {
      if (!phrase) continue;
      const key = phrase.split('_').map(stemOf).join(' ');
      const list = map.get(key) ?? [];
      if (!list.includes(name)) list.push(name);
      map.set(key, list);
    }
  }
  return map;
})();
