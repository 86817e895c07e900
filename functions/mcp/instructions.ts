/** What an assistant reads once, at initialize: how the tools fit together. */
export const INSTRUCTIONS = `Read-only access to one electrical contractor's verified customer reviews and their sentiment analysis.

- Start with get_business (contact details, services with their ids, technicians with their aliases, aggregate rating) or get_insights_summary (what customers think, in one answer).
- Find reviews with search_reviews (filters combine: rating or min_rating, since/until, a phrase in the text, mentions_technician, mentions_service; newest first; matched says how many in all) or get_reviews_since (what is new since a date). Ask only for the fields you need (fields: "id,date,rating,text") and page with small limits: pass next_cursor back as cursor, with the same filters, until it is null.
- Read one review with get_review: its text and the analyser's reading (aspects with verbatim evidence).
- Analysis: get_aspect_sentiment (punctuality, responsiveness, communication, professionalism, workmanship, technical_knowledge, pricing, cleanliness, safety), get_technician, get_service, get_trend (improving, declining or stable, with monthly figures), get_faq (the owner's frequent questions answered from reviews).
- Ids in example_review_ids and review_ids are review ids for get_review. A tool that cannot answer (unknown name or id) says so with isError and lists the valid choices.
- Quote customers only from review text or evidence fields; all figures come from the published data, which changes only when the business publishes new reviews.`;
