import HealthData
import RegimenFoundation

/// The source and date attributes that records, correlations, workouts and routes share, gathered while their
/// attributes are read (docs/health-export.md, "Records").
struct HealthSourceFields {
    var sourceName: String?
    var sourceVersion: String?
    var device: String?
    var creationDate: HealthDate?
    var startDate: HealthDate?
    var endDate: HealthDate?

    /// Takes attribute `index` when it is one of the shared ones; false otherwise.
    mutating func take(
        _ key: HealthAttributeKey?, _ tag: XMLStartTag, _ index: Int, _ reading: HealthAttributeReading,
        _ cache: inout HealthStringCache
    ) throws(HealthReadStop) -> Bool {
        switch key {
        case .sourceName: sourceName = try reading.text(tag, index, .sourceName, &cache)
        case .sourceVersion: sourceVersion = try reading.text(tag, index, .sourceVersion, &cache)
        case .device: device = try reading.text(tag, index, .device, &cache)
        case .creationDate: creationDate = try reading.date(tag, index)
        case .startDate: startDate = try reading.date(tag, index)
        case .endDate: endDate = try reading.date(tag, index)
        default: return false
        }
        return true
    }

    /// The source, `sourceName` required.
    func source(_ tag: XMLStartTag, _ reading: HealthAttributeReading) throws(HealthReadStop) -> HealthSource {
        guard let sourceName else { throw reading.missing(tag, "sourceName") }
        return HealthSource(name: sourceName, version: sourceVersion, device: device)
    }

    /// `startDate`, required.
    func start(_ tag: XMLStartTag, _ reading: HealthAttributeReading) throws(HealthReadStop) -> HealthDate {
        guard let startDate else { throw reading.missing(tag, "startDate") }
        return startDate
    }

    /// `endDate`, required.
    func end(_ tag: XMLStartTag, _ reading: HealthAttributeReading) throws(HealthReadStop) -> HealthDate {
        guard let endDate else { throw reading.missing(tag, "endDate") }
        return endDate
    }
}
