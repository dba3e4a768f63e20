// Package content is chaff's in-page content model: what the main content of a web page is,
// from the page alone, in any language and script, and joined with what a site model says of
// the page when there is one.
//
// A page's tree (lib/dom) is cut into blocks (Segment): runs of text between block
// boundaries, what a reader sees as lines (paragraphs, headings, list items, cells, menu
// links). Each block gets a feature vector (Page.Features) of what it is and where it stands:
// its words, sentences and link share (counted by lib/words, so that a threshold means the
// same in Chinese as in German), the tags around it (nav, header, footer, aside, article,
// main, lists, tables, pre and code, forms, buttons, hidden elements), the learned weights of
// the class and id tokens of its element and its ancestors (Tokens: class names in any
// language, hashed with xxhash), the sizes and link shares of its containers, its place in
// the page, its neighbours, the repeated sibling structures it belongs to (posts, cards,
// comments), how much it shares with the page's titles and descriptions (<title>,
// og:title, JSON-LD), and what kind of page it stands on, as the page's address (Page.URL,
// else its canonical link) and head say: learned weights of the URL's words for each page
// kind (a list of cards, a product, a forum thread, documentation ...), og:type and the
// kinds of its JSON-LD items.
//
// Two stages of gradient-boosted trees (lib/gbdt) score the blocks: the first from the block's
// features, the second (ContextFeatures) from the first stage's scores around it: its
// containers, its neighbours, the page's best region, the other items of its list, the page's
// other blocks of its path (the same shapes from the owner two elements up). A menu link
// and a product card look alike alone; among their neighbours they do not. Blocks scoring
// above Threshold are the content (Select, Render; Favor moves the threshold for an
// extraction that would rather lose a doubtful block, or keep one), less the copies of a
// kept text in places of another shape (a quoted post, a preview of it); BestTitle is the
// title.
//
// The page as a whole gets a kind (Model.Kind: an article, a list of cards, a product, a
// forum thread, documentation, a service's page) from small models over what it says of
// itself: its shape, og:type, JSON-LD kinds, and the learned weights of its URL words,
// html/body class names and the words of its short lines (buttons and labels: "Add to
// cart", "Reply") for each kind. Model.Quality estimates the word F1 of the model's
// own text of a page from how its blocks' scores fall (how sure, how much kept, in how many
// runs), so that a pipeline can send the pages the model doubts elsewhere.
//
// Join adds a site model's evidence (Site: the spans it keeps, the spans it calls template
// with their strength, its fit to the page, the pages it learned from): a block the site
// calls template is pushed down in proportion to the model's trust in it (its fit and pages,
// times the page's Agreement with it: a site model that calls template much of what the
// content model is sure of does not describe the page); a block both call content is always
// kept, and so is the title's heading, as Select keeps it.
//
// Page.Metadata is what the page says of itself, read in the same walk as the titles: its
// declared language, its dates, authors, site name, description, image and canonical
// address, each normalised (a BCP 47 tag, an RFC 3339 date or a day) or left out; nothing is
// guessed from the text. The record's "meta" member is this.
//
// The model (Model: token weights, the two stages' trees, the kind models with their word
// weights and the quality model) is learned from
// gold pages by Train, deterministically, and embedded as model.bin (Default); scripts/contentmodel trains
// it (byte for byte: `contentmodel train -check`) and measures it by cross-validation with
// folds split by site. README.md has the figures.
//
// Everything is safe for concurrent use once built; nothing does I/O.
package content
