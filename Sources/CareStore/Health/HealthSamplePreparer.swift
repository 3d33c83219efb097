import Foundation
import GRDB
import HealthData

/// Turns samples into the values of their `healthSample` rows, in export order, on whichever thread reads the export
/// (docs/health-export.md, "How the store keeps an export"): the identity, the repeated texts as numbers, the instants
/// and written offsets, the number, the metadata as JSON. The store's transaction then only maps the text numbers to
/// ids, binds and inserts.
struct HealthSamplePreparer {
    /// Values per prepared row: every column but the three import numbers, which the insert adds.
    static let columns = 21
    /// The positions in a row of the texts numbered by `texts` (type, source name, source version, device, unit),
    /// which the store turns into `healthText` ids.
    static let textColumns = [1, 2, 3, 4, 6]

    /// The numbers of the texts samples repeat.
    private var texts = HealthTextNumbering()

    /// Identities of the latest top-level records without a sync identifier, each with how often it was seen
    /// (docs/health-export.md, "Identity, re-import, deletions"): the export carries no sample UUIDs, so two records
    /// alike in every identifying field are told apart by their order among the records near them.
    private var recent = HealthRecentIdentities(limit: recentLimit)
    static let recentLimit = 16_384

    /// Appends `sample`'s row values to `arguments` and returns its identity. A top-level record alike in every
    /// identifying field to one shortly before it is another sample (its occurrence counts); a correlation member is
    /// the top-level record it repeats.
    @discardableResult
    mutating func append(_ sample: HealthSample, topLevel: Bool, to arguments: inout [DatabaseValue]) -> Data {
        let syncIdentifier = sample.metadata.value(for: "HKMetadataKeySyncIdentifier")
        var identity = HealthIdentity.of(sample, syncIdentifier: syncIdentifier)
        if topLevel && syncIdentifier == nil { identity = occurrence(of: identity) }
        func optional(_ value: String?) -> DatabaseValue { value?.databaseValue ?? .null }
        func numbered(_ text: String?, _ column: HealthTextNumbering.Column) -> DatabaseValue {
            text.map { texts.number($0, column).databaseValue } ?? .null
        }
        let data = identity.data
        arguments.append(data.databaseValue)
        arguments.append(numbered(sample.type, .type))
        arguments.append(numbered(sample.source.name, .sourceName))
        arguments.append(numbered(sample.source.version, .sourceVersion))
        let device = sample.source.device.map { texts.numberDevice($0) }
        arguments.append(device?.number.databaseValue ?? .null)
        arguments.append(device?.address?.databaseValue ?? .null)
        arguments.append(numbered(sample.unit, .unit))
        arguments.append(sample.creationDate.map { $0.seconds.databaseValue } ?? .null)
        arguments.append(sample.creationDate.map { Int64($0.offsetMinutes).databaseValue } ?? .null)
        arguments.append(sample.startDate.seconds.databaseValue)
        arguments.append(Int64(sample.startDate.offsetMinutes).databaseValue)
        arguments.append(sample.endDate.seconds.databaseValue)
        arguments.append(Int64(sample.endDate.offsetMinutes).databaseValue)
        arguments.append(optional(sample.value))
        arguments.append(sample.value.flatMap { Double($0) }.flatMap { $0.isFinite ? $0.databaseValue : nil } ?? .null)
        arguments.append(optional(sample.metadata.value(for: "HKTimeZone")))
        arguments.append(optional(syncIdentifier))
        arguments.append(syncIdentifier == nil ? .null : syncVersion(sample.metadata).databaseValue)
        arguments.append(["1", "true"].contains(sample.metadata.value(for: "HKWasUserEntered")).databaseValue)
        arguments.append(optional(HealthJSONText.metadata(sample.metadata)))
        arguments.append(optional(HealthJSONText.sampleExtra(sample)))
        return data
    }

    /// The texts numbered since the last call (`HealthTextNumbering.takeNew`).
    mutating func takeNewTexts() -> HealthTextNumbering.NewTexts { texts.takeNew() }

    /// `identity` for its first occurrence among the recent records, a derived key for later ones.
    private mutating func occurrence(of identity: HealthIdentity.Key) -> HealthIdentity.Key {
        let seen = recent.see(identity)
        return seen == 0 ? identity : HealthIdentity.occurrence(seen, of: identity)
    }
}

/// `HKMetadataKeySyncVersion` as a whole number (1 when absent or not a number, as HealthKit treats a sync identifier
/// without a version).
func syncVersion(_ metadata: [HealthMetadataEntry]) -> Int64 {
    metadata.value(for: "HKMetadataKeySyncVersion").flatMap {
        Int64($0) ?? Double($0).flatMap { Int64(exactly: $0.rounded(.down)) }
    } ?? 1
}
