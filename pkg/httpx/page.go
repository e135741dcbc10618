package httpx

// PageMeta is the "meta" of a page of a staff list: which page, its size, how many the query
// selects, and whether a page follows.
type PageMeta struct {
	Page    int   `json:"page"`
	Limit   int   `json:"limit"`
	Total   int64 `json:"total"`
	HasMore bool  `json:"hasMore"`
}

// NewPageMeta is the meta of page (from 1) of limit items of a list of total.
func NewPageMeta(page, limit int, total int64) PageMeta {
	return PageMeta{Page: page, Limit: limit, Total: total, HasMore: int64(page)*int64(limit) < total}
}
