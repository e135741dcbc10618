package supplier

import (
	"html"
	"regexp"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

// The distributor's descriptions are HTML written for its own site: inline styles, banners,
// video iframes and, now and then, scripts. The shop shows them only through this allow-list:
// text structure (paragraphs, headings from h2 down, emphasis, lists, tables) and links to
// http, https and mailto addresses, which open in a new tab with rel="nofollow noopener". No
// scripts, iframes, objects, forms, images (pictures are downloaded from the product's own list,
// never hot-linked), style elements or attributes, classes, ids or event handlers get through;
// what they enclose is dropped for script and style, kept as plain text otherwise.

var descriptionPolicy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "hr", "div", "span", "b", "strong", "i", "em", "u", "s", "small", "sub", "sup",
		"h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "code",
		"table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption")
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("td", "th")
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(false)
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
})

// SanitizeHTML returns the description made safe for a browser, trimmed.
func SanitizeHTML(s string) string {
	return strings.TrimSpace(descriptionPolicy().Sanitize(s))
}

// PlainText returns the text of an HTML fragment with no markup and its spaces collapsed,
// entities decoded: text to show as text (React escapes it), never as HTML.
func PlainText(s string) string {
	s = blockTag.ReplaceAllString(s, " $0") // a block's text is not glued to the one before
	return html.UnescapeString(strings.Join(strings.Fields(bluemonday.StrictPolicy().Sanitize(s)), " "))
}

var blockTag = regexp.MustCompile(`(?i)</?(p|div|h[1-6]|li|br|hr|tr|td|th|ul|ol|table|blockquote|dt|dd)\b`)
