import Foundation

/// Whether a host name or address is this machine — `localhost`, an address in 127.0.0.0/8, or `::1` — where nobody in
/// between can read a connection: the one place the service serves plain HTTP and a device sends a token without TLS.
package enum LoopbackHost {
    /// Whether `host` (brackets around an IPv6 address allowed) is this machine.
    package static func contains(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: ["[", "]"]).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
