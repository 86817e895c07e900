/**
 * General-purpose opinion words for service reviews, on VADER's -4..+4 scale
 * (Hutto & Gilbert 2014), trimmed and extended for home-services language.
 * Each line: a valence, then the words that carry it; `_` joins the words of
 * a phrase (the tokenizer splits hyphens, so "top-notch" is `top_notch`).
 * Words that only describe an electrical fault ("sparking", "burning smell")
 * are deliberately absent: they describe the customer's problem, not an
 * opinion of the business.
 */
const VALENCE_TABLE = `
3.2 outstanding exceptional phenomenal superb flawless flawlessly impeccable impeccably stellar perfection
3.2 couldn't_be_happier could_not_be_happier couldn't_have_been_happier could_not_have_been_happier can't_recommend_enough cannot_recommend_enough can't_recommend_them_enough can't_say_enough
3.2 couldn't_ask_for_better could_not_ask_for_better couldn't_have_asked_for_better above_and_beyond five_stars 5_stars ten_stars 10_stars
3.0 excellent amazing awesome fantastic wonderful incredible perfect perfectly brilliant terrific fabulous exemplary spectacular magnificent topnotch top_notch first_rate first_class world_class
3.0 highly_recommend highly_recommended best love loved lifesaver life_saver godsend blown_away
2.6 great greatly beautiful beautifully impressive impressed thrilled delighted grateful thankful appreciative wouldn't_hesitate would_not_hesitate no_hesitation without_hesitation
2.4 recommend recommended recommending happy pleased glad satisfied relieved excellently stress_free hassle_free painless seamless seamlessly smooth smoothly
2.2 good nice solid pleasant lovely enjoyable reliable dependable trustworthy honest efficient efficiently thorough thoroughly meticulous careful carefully diligent skilled skillful competent capable genuine sincere exceeded fabulous gem
2.0 helpful friendly kind courteous polite respectful professional professionally knowledgeable patient attentive considerate accommodating personable easygoing easy_going warm caring
2.0 quick quickly fast speedy prompt promptly responsive punctual timely tidy neat neatly spotless immaculate clean cleanly organized organised detailed
2.0 fair fairly_priced reasonable reasonably_priced affordable worth worthwhile value bargain transparent upfront up_front straightforward clear clearly
1.8 easy better improved works_perfectly works_great working_perfectly works_like_a_charm like_new
2.0 use_again call_again hire_again use_them_again call_them_again hire_them_again using_them_again be_calling_them_again
1.6 no_surprises textbook thanks thank appreciate appreciated reassuring reassured safe safer peace_of_mind well_done right_the_first_time first_time_right
1.2 decent comfortable nicely fine_job convenient simple
0.4 okay ok fine adequate acceptable alright all_right average standard
-0.8 meh mediocre so_so
-1.2 slow slowly confusing confused vague unclear pushy awkward annoying annoyed annoyance inconvenient inconvenience hassle delay delayed tardy complaint complain complained
-1.5 winced wince cringed sticker_shock yikes ouch hefty pricey overpriced expensive costly steep disappointing disappointed disappointment frustrating frustrated frustration unhappy upset concerned worried worse mess messy messed dirty sloppy
-1.8 late unprofessional rude dismissive condescending arrogant impatient careless lazy inexperienced unreliable unresponsive dishonest shady sketchy incompetent clueless
-1.8 problem problems issue issues trouble mistake mistakes error errors damage damaged scratched broke broken wrong poor poorly bad badly waste wasted
-2.4 terrible awful horrible horrendous worst useless shoddy botched dangerous unsafe hazardous negligent ripoff rip_off ripped_off scam scammed overcharged gouged gouging
-2.4 never_again won't_be_back will_not_be_back will_never avoid stay_away not_recommend don't_recommend do_not_recommend wouldn't_recommend would_not_recommend can't_recommend cannot_recommend
-2.8 nightmare disaster disgusting appalling unacceptable ghosted no_show
`;

export const VALENCE: ReadonlyMap<string, number> = parseTable(VALENCE_TABLE);

/** Parses "valence word word_phrase ..." lines into phrase → valence. */
export function parseTable(table: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of table.trim().split('\n')) {
    const [value, ...words] = line.trim().split(/\s+/);
    for (const word of words) map.set(word.replace(/_/g, ' '), Number(value));
  }
  return map;
}
