import Foundation

/// A `--zone` value: an IANA time zone identifier (docs/health-export.md, "Days and nights").
enum HealthZoneOption {
    /// The zone `identifier` names, or `fallback` when there is none; a name that is not a zone is a usage error.
    static func zone(_ identifier: String?, default fallback: TimeZone) throws(RegimenError) -> TimeZone {
        guard let identifier else { return fallback }
        guard let zone = TimeZone(identifier: identifier) else {
            throw .usage("'\(identifier)' is not a time zone identifier such as Europe/Berlin or UTC")
        }
        return zone
    }
}
