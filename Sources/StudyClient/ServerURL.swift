import Foundation
import StudyAPI

/// The study service's address as a device is given it (docs/study-service.md, "On the device"): `https://HOST[:PORT]`,
/// or `http://` only for this machine (a loopback address), where nobody in between can read a token.
package enum ServerURL {
    /// `text` as a root URL without a trailing slash; refused when it is not HTTPS or loopback HTTP, or has a path,
    /// query or credentials.
    package static func normalized(_ text: String) throws(StudyClientError) -> String {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw .invalidServerURL(reason: "expected https://HOST[:PORT]") }
        guard components.user == nil, components.password == nil else {
            throw .invalidServerURL(reason: "the URL must not hold a name or password")
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil
        else {
            throw .invalidServerURL(reason: "expected only https://HOST[:PORT], without a path or query")
        }
        switch scheme {
        case "https": break
        case "http":
            guard LoopbackHost.contains(host) else {
                throw .invalidServerURL(
                    reason:
                        "http:// would send the device's token unencrypted; use https:// (plain http is accepted only for "
                        + "localhost, 127.0.0.1 and [::1])")
            }
        default: throw .invalidServerURL(reason: "the scheme must be https://, not \(scheme)://")
        }
        let port = components.port.map { ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed.lowercased())\(port)"
    }
}
