import Foundation

/// A `--zone` or `--tz` value: an IANA time zone identifier. The one place such an option is read and refused.
enum ZoneOption {
    /// The zone `identifier` names, or `fallback` when there is none; a name that is not a zone is a usage error.
    static func zone(_ identifier: String?, default fallback: TimeZone) throws(RegimenError) -> TimeZone {
        guard let identifier else { return fallback }
        guard let zone = TimeZone(identifier: identifier) else {
            throw .usage("'\(identifier)' is not a time zone identifier such as Europe/Zurich or UTC")
        }
        return zone
    }
}
