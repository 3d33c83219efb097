import Foundation

/// Web links in survey and care files (docs/care-plans.md, "Links"): `https` only, with a host, and no user name or
/// password in the URL.
enum WebAddress {
    /// Nil when `text` is an `https` URL Regimen shows; else why not.
    static func problem(_ text: String) -> String? {
        guard !text.contains(where: \.isWhitespace), let components = URLComponents(string: text),
            let scheme = components.scheme
        else { return "\"\(text)\" is not a URL" }
        // Checked first, so that no message repeats a password.
        guard components.user == nil, components.password == nil else {
            return "the link holds a user name or password (never put them in a link)"
        }
        guard scheme.lowercased() == "https" else {
            return "\"\(text)\" is not an https link (only https links are shown; \(scheme) is not)"
        }
        guard let host = components.host, !host.isEmpty else { return "\"\(text)\" has no host" }
        return nil
    }
}
