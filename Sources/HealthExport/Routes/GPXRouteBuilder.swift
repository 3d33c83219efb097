import FoundationEssentials
import HealthData
import RegimenFoundation

/// The tokenizer handler for a route's GPX file (docs/health-export.md, "Workouts"): each `trkpt lat lon` with its
/// `ele`, `time` and `extensions/speed course hAcc vAcc` text becomes a `HealthRoutePoint`.
struct GPXRouteBuilder: XMLTokenHandler {
    typealias Failure = HealthReadStop

    /// The `trkpt` children read, by name.
    private enum Field {
        case elevation, time, speed, course, horizontalAccuracy, verticalAccuracy
    }

    private let reading: HealthAttributeReading
    /// The points read so far, in file order.
    private(set) var points: [HealthRoutePoint] = []
    private var point: HealthRoutePoint?
    private var pointLine = 0
    private var hasTime = false
    private var field: Field?
    private var text: [UInt8] = []

    init(file: String) {
        reading = HealthAttributeReading(file: file)
    }

    mutating func startElement(_ tag: XMLStartTag) throws(HealthReadStop) {
        let name = tag.name
        if name.equals("trkpt") {
            guard let latitude = tag.index(of: "lat") else { throw reading.missing(tag, "lat") }
            guard let longitude = tag.index(of: "lon") else { throw reading.missing(tag, "lon") }
            point = HealthRoutePoint(
                time: 0, latitude: try reading.number(tag, latitude), longitude: try reading.number(tag, longitude))
            pointLine = tag.line
            hasTime = false
            return
        }
        guard point != nil else { return }
        switch name.count {
        case 3: field = name.equals("ele") ? .elevation : nil
        case 4:
            field =
                name.equals("time")
                ? .time : name.equals("hAcc") ? .horizontalAccuracy : name.equals("vAcc") ? .verticalAccuracy : nil
        case 5: field = name.equals("speed") ? .speed : nil
        case 6: field = name.equals("course") ? .course : nil
        default: field = nil
        }
        text.removeAll(keepingCapacity: true)
    }

    mutating func text(_ text: XMLBytes) throws(HealthReadStop) {
        if field != nil { self.text.append(contentsOf: text.buffer) }
    }

    mutating func endElement(_ name: XMLBytes, openedAtLine: Int) throws(HealthReadStop) {
        if let field {
            self.field = nil
            try store(field, name)
            return
        }
        guard name.equals("trkpt"), let finished = point else { return }
        guard hasTime else {
            throw .export(.missingAttribute(file: reading.file, line: pointLine, element: "trkpt", attribute: "time"))
        }
        points.append(finished)
        point = nil
    }

    /// Stores the text of a finished `trkpt` child (surrounding spaces ignored), read in place.
    private mutating func store(_ field: Field, _ name: XMLBytes) throws(HealthReadStop) {
        var start = 0
        var end = text.count
        while start < end, text[start] <= 0x20 { start += 1 }
        while end > start, text[end - 1] <= 0x20 { end -= 1 }
        let range = start..<end
        if field == .time {
            // The Health app's own form by arithmetic; any other ISO 8601 instant through the general reader.
            let seconds = text.withUnsafeBufferPointer { bytes -> Double? in
                let written = UnsafeBufferPointer(rebasing: bytes[range])
                if let seconds = HealthDateText.readUTCInstant(written) { return Double(seconds) }
                return ISODateTime.read(utf8: written, rules: .instant)?.date?.timeIntervalSince1970
            }
            guard let seconds else { throw bad(.badDate, name, range) }
            point!.time = seconds
            hasTime = true
            return
        }
        guard
            let number = text.withUnsafeBufferPointer({
                HealthNumberReading.read(UnsafeBufferPointer(rebasing: $0[range]))
            })
        else {
            throw bad(.badNumber, name, range)
        }
        switch field {
        case .elevation: point!.altitude = number
        case .speed: point!.speed = number
        case .course: point!.course = number
        case .horizontalAccuracy: point!.horizontalAccuracy = number
        case .verticalAccuracy: point!.verticalAccuracy = number
        case .time: break
        }
    }

    /// Which error a bad value gives.
    private enum Bad {
        case badDate, badNumber
    }

    private func bad(_ kind: Bad, _ name: XMLBytes, _ range: Range<Int>) -> HealthReadStop {
        let written = String(decoding: text[range], as: UTF8.self)
        switch kind {
        case .badDate:
            return .export(
                .badDate(file: reading.file, line: pointLine, element: "trkpt", attribute: name.string, text: written))
        case .badNumber:
            return .export(
                .badNumber(file: reading.file, line: pointLine, element: "trkpt", attribute: name.string, text: written)
            )
        }
    }
}
