import HealthData
import RegimenFoundation

/// The JSON texts nested parts of an imported item are kept as (docs/health-export.md, "How the store keeps an
/// export"): name–value lists as arrays of pairs (order and repeats kept), workout parts as arrays of objects.
enum HealthJSONText {
    /// `[["key","value"],…]`, or nil when there are none.
    static func metadata(_ entries: [HealthMetadataEntry]) -> String? {
        entries.isEmpty ? nil : pairs(entries.map { ($0.key, $0.value) })
    }

    /// `[["name","value"],…]`, or nil when there are none.
    static func attributes(_ attributes: [HealthAttribute]) -> String? {
        attributes.isEmpty ? nil : pairs(attributes.map { ($0.name, $0.value) })
    }

    /// A sample's parts without a column of their own — `{"attributes":[…],"beats":[[bpm,time],…]}` — or nil.
    static func sampleExtra(_ sample: HealthSample) -> String? {
        guard !sample.otherAttributes.isEmpty || !sample.beats.isEmpty else { return nil }
        var out = "{"
        if !sample.otherAttributes.isEmpty {
            out += "\"attributes\":" + pairs(sample.otherAttributes.map { ($0.name, $0.value) })
        }
        if !sample.beats.isEmpty {
            if out.count > 1 { out += "," }
            out += "\"beats\":" + pairs(sample.beats.map { ($0.bpm, $0.time) })
        }
        return out + "}"
    }

    /// Workout events as `[{"type":…,"date":…,"attributes":[…],"metadata":[…]},…]`, or nil.
    static func events(_ events: [HealthWorkoutEvent]) -> String? {
        guard !events.isEmpty else { return nil }
        return array(events) { event, out in
            out += "{\"type\":"
            JSONWriter.appendQuoted(event.type, into: &out)
            out += ",\"date\":"
            JSONWriter.appendQuoted(event.date.text, into: &out)
            append("attributes", attributes(event.attributes), into: &out)
            append("metadata", metadata(event.metadata), into: &out)
            out += "}"
        }
    }

    /// Workout statistics as `[{"type":…,"startDate":…,"endDate":…,"attributes":[…]},…]`, or nil.
    static func statistics(_ statistics: [HealthWorkoutStatistic]) -> String? {
        guard !statistics.isEmpty else { return nil }
        return array(statistics) { statistic, out in
            out += "{\"type\":"
            JSONWriter.appendQuoted(statistic.type, into: &out)
            out += ",\"startDate\":"
            JSONWriter.appendQuoted(statistic.startDate.text, into: &out)
            out += ",\"endDate\":"
            JSONWriter.appendQuoted(statistic.endDate.text, into: &out)
            append("attributes", attributes(statistic.attributes), into: &out)
            out += "}"
        }
    }

    /// Workout activities with their own events and statistics, or nil.
    static func activities(_ activities: [HealthWorkoutActivity]) -> String? {
        guard !activities.isEmpty else { return nil }
        return array(activities) { activity, out in
            out += "{\"startDate\":"
            JSONWriter.appendQuoted(activity.startDate.text, into: &out)
            if let uuid = activity.uuid {
                out += ",\"uuid\":"
                JSONWriter.appendQuoted(uuid, into: &out)
            }
            if let end = activity.endDate {
                out += ",\"endDate\":"
                JSONWriter.appendQuoted(end.text, into: &out)
            }
            append("attributes", attributes(activity.attributes), into: &out)
            append("metadata", metadata(activity.metadata), into: &out)
            append("events", events(activity.events), into: &out)
            append("statistics", statistics(activity.statistics), into: &out)
            out += "}"
        }
    }

    /// A JSON array of strings.
    static func strings(_ values: [String]) -> String {
        array(values) { value, out in JSONWriter.appendQuoted(value, into: &out) }
    }

    private static func pairs(_ pairs: [(String, String)]) -> String {
        array(pairs) { pair, out in
            out += "["
            JSONWriter.appendQuoted(pair.0, into: &out)
            out += ","
            JSONWriter.appendQuoted(pair.1, into: &out)
            out += "]"
        }
    }

    private static func array<T>(_ items: [T], _ write: (T, inout String) -> Void) -> String {
        var out = "["
        for (index, item) in items.enumerated() {
            if index > 0 { out += "," }
            write(item, &out)
        }
        return out + "]"
    }

    private static func append(_ key: String, _ json: String?, into out: inout String) {
        guard let json else { return }
        out += ",\"\(key)\":" + json
    }
}
