import Foundation

/// Web links in survey and care files (docs/care-plans.md, "Links"): `https` only, with a host, and no user name or
/// password in the URL.
enum WebAddress {
    /// Nil when `text` is an `https` URL Regimen shows; else why not.
    static func problem(_ text: String) -> String? {
        guard !text.contains(where: \.isWhitespace), let components = URLComponents(string: text),
            let scheme = components.scheme
        else { return "\"\(text)\" is not a URL" }
        guard scheme.lowercased() == "https" else {
            return "\"\(text)\" is not an https link (only https links are shown; \(scheme) is not)"
        }
        guard let host = components.host, !host.isEmpty else { return "\"\(text)\" has no host" }
        guard components.user == nil, components.password == nil else {
            return "\"\(text)\" holds a user name or password"
        }
        return nil
    }
}
