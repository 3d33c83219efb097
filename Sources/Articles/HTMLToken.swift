/// One piece of an article's HTML, as `HTMLTokenizer` reads it.
package enum HTMLToken: Sendable, Hashable {
    /// Text between tags, entities decoded, control characters removed.
    case text(String)
    /// An opening tag: its lowercased name, its attributes (lowercased names, decoded values), whether it ends in `/>`.
    case open(name: String, attributes: [String: String], selfClosing: Bool)
    /// A closing tag's lowercased name.
    case close(String)
}
