import RegimenFoundation

/// The attribute names the reader gives a field of their own (docs/health-export.md, "Records", "Workouts"); any
/// other name is kept as written.
enum HealthAttributeKey: UInt8, CaseIterable {
    case type, sourceName, sourceVersion, device, unit, creationDate, startDate, endDate, value
    case key, bpm, time, date, workoutActivityType, uuid, path, locale, dateComponents
    case latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, course, speed

    /// The key `name` spells, by length then bytes.
    static func of(_ name: XMLBytes) -> HealthAttributeKey? {
        switch name.count {
        case 3: return name.equals("key") ? .key : name.equals("bpm") ? .bpm : nil
        case 4:
            if name.equals("type") { return .type }
            if name.equals("unit") { return .unit }
            if name.equals("time") { return .time }
            if name.equals("date") { return .date }
            if name.equals("uuid") { return .uuid }
            if name.equals("path") { return .path }
            return nil
        case 5: return name.equals("value") ? .value : name.equals("speed") ? .speed : nil
        case 6:
            if name.equals("device") { return .device }
            if name.equals("locale") { return .locale }
            if name.equals("course") { return .course }
            return nil
        case 7: return name.equals("endDate") ? .endDate : nil
        case 8:
            if name.equals("latitude") { return .latitude }
            if name.equals("altitude") { return .altitude }
            return nil
        case 9: return name.equals("startDate") ? .startDate : name.equals("longitude") ? .longitude : nil
        case 10: return name.equals("sourceName") ? .sourceName : nil
        case 12: return name.equals("creationDate") ? .creationDate : nil
        case 13: return name.equals("sourceVersion") ? .sourceVersion : nil
        case 14: return name.equals("dateComponents") ? .dateComponents : nil
        case 16: return name.equals("verticalAccuracy") ? .verticalAccuracy : nil
        case 18: return name.equals("horizontalAccuracy") ? .horizontalAccuracy : nil
        case 19: return name.equals("workoutActivityType") ? .workoutActivityType : nil
        default: return nil
        }
    }
}
