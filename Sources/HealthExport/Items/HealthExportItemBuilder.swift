import HealthData
import RegimenFoundation

/// The tokenizer handler that turns an export's tags into `HealthExportItem`s, one per top-level element, in
/// document order (docs/health-export.md, "Reading an export"): nested elements are gathered into their item, which
/// is handed on when its end tag arrives. Elements the model has no place for inside an item are skipped.
struct HealthExportItemBuilder: XMLTokenHandler {
    typealias Failure = HealthReadStop

    /// What each open element is.
    private enum Kind {
        case root, record, correlation, member, workout, activity, workoutEvent, route, beatList, skipped
    }

    /// Where errors say the problem is.
    private let reading: HealthAttributeReading
    /// Receives each item.
    private let emit: (HealthExportItem) throws -> Void
    /// The points of a route file (`FileReference path`), or nil when the export lacks it.
    private let routePoints: (String) throws(HealthExportError) -> [HealthRoutePoint]?

    private var open: [Kind] = []
    private var header = HealthExportHeader(locale: nil, exportDate: nil, exportVersion: nil)
    private var headerSent = false
    private var strings = HealthStringCache()
    private var sample: HealthSample?
    private var correlation: HealthCorrelation?
    private var workout: HealthWorkout?
    private var activity: HealthWorkoutActivity?
    private var event: HealthWorkoutEvent?
    private var route: HealthWorkoutRoute?

    /// Items handed on so far.
    private(set) var itemCount = 0

    init(
        file: String, routePoints: @escaping (String) throws(HealthExportError) -> [HealthRoutePoint]?,
        emit: @escaping (HealthExportItem) throws -> Void
    ) {
        self.reading = HealthAttributeReading(file: file)
        self.routePoints = routePoints
        self.emit = emit
        open.reserveCapacity(16)
    }

    // MARK: Tokens

    mutating func comment(_ text: XMLBytes, line: Int) throws(HealthReadStop) {
        guard open.isEmpty, header.exportVersion == nil else { return }
        let words = text.string.split(separator: " ")
        if let index = words.firstIndex(of: "Version:"), index + 1 < words.count {
            header.exportVersion = Int(words[index + 1])
        }
    }

    mutating func startElement(_ tag: XMLStartTag) throws(HealthReadStop) {
        let name = tag.name
        guard let parent = open.last else {
            guard name.equals("HealthData") else { throw .export(.noHealthExport(file: reading.file)) }
            if let index = tag.index(of: "locale") { header.locale = try reading.text(tag, index) }
            open.append(.root)
            return
        }
        let kind: Kind
        switch parent {
        case .root: kind = try topLevel(tag)
        case .record, .member:
            if name.equals("MetadataEntry") {
                sample!.metadata.append(try metadataEntry(tag))
                kind = .skipped
            } else {
                kind = name.equals("HeartRateVariabilityMetadataList") ? .beatList : .skipped
            }
        case .beatList:
            if name.equals("InstantaneousBeatsPerMinute") { sample!.beats.append(try beat(tag)) }
            kind = .skipped
        case .correlation:
            if name.equals("Record") {
                sample = try record(tag)
                kind = .member
            } else {
                if name.equals("MetadataEntry") { correlation!.metadata.append(try metadataEntry(tag)) }
                kind = .skipped
            }
        case .workout, .activity:
            kind = try workoutChild(tag, inActivity: parent == .activity)
        case .workoutEvent:
            if name.equals("MetadataEntry") { event!.metadata.append(try metadataEntry(tag)) }
            kind = .skipped
        case .route:
            if name.equals("MetadataEntry") {
                route!.metadata.append(try metadataEntry(tag))
            } else if name.equals("Location") {
                route!.points.append(try location(tag))
            } else if name.equals("FileReference") {
                if let index = tag.index(of: "path") { route!.filePath = try reading.text(tag, index) }
            }
            kind = .skipped
        case .skipped: kind = .skipped
        }
        open.append(kind)
    }

    mutating func endElement(_ name: XMLBytes, openedAtLine: Int) throws(HealthReadStop) {
        guard let kind = open.popLast() else { return }
        switch kind {
        case .root: try sendHeader()
        case .record: try send(.sample(sample.take()!))
        case .member: correlation!.members.append(sample.take()!)
        case .correlation: try send(.correlation(correlation.take()!))
        case .workout: try send(.workout(workout.take()!))
        case .activity: workout!.activities.append(activity.take()!)
        case .workoutEvent:
            if open.last == .activity {
                activity!.events.append(event.take()!)
            } else {
                workout!.events.append(event.take()!)
            }
        case .route:
            var finished = route.take()!
            if let path = finished.filePath, finished.points.isEmpty {
                do throws(HealthExportError) {
                    if let points = try routePoints(path) {
                        finished.points = points
                    } else {
                        finished.fileMissing = true
                    }
                } catch {
                    throw .export(error)
                }
            }
            workout!.routes.append(finished)
        case .beatList, .skipped: break
        }
    }

    // MARK: Items

    private mutating func sendHeader() throws(HealthReadStop) {
        guard !headerSent else { return }
        headerSent = true
        do { try emit(.header(header)) } catch { throw .consumer(error) }
        itemCount += 1
    }

    private mutating func send(_ item: HealthExportItem) throws(HealthReadStop) {
        try sendHeader()
        do { try emit(item) } catch { throw .consumer(error) }
        itemCount += 1
    }

    /// A child of `HealthData`: an item begins (or, for elements without children, is sent at once).
    private mutating func topLevel(_ tag: XMLStartTag) throws(HealthReadStop) -> Kind {
        let name = tag.name
        if name.equals("Record") {
            sample = try record(tag)
            return .record
        }
        if name.equals("Workout") {
            workout = try workoutElement(tag)
            return .workout
        }
        if name.equals("Correlation") {
            correlation = try correlationElement(tag)
            return .correlation
        }
        if name.equals("ActivitySummary") {
            var day = ""
            var attributes: [HealthAttribute] = []
            for index in 0..<tag.attributeCount {
                if tag.attributeName(index).equals("dateComponents") {
                    day = try reading.text(tag, index)
                } else {
                    attributes.append(try reading.attribute(tag, index))
                }
            }
            try send(.activitySummary(HealthActivitySummary(day: day, attributes: attributes)))
            return .skipped
        }
        if name.equals("ExportDate"), !headerSent {
            if let index = tag.index(of: "value") { header.exportDate = try reading.date(tag, index) }
            return .skipped
        }
        if name.equals("Me") {
            try send(.me(try reading.attributes(tag)))
            return .skipped
        }
        try send(.other(name: name.string, attributes: try reading.attributes(tag)))
        return .skipped
    }

    private mutating func record(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthSample {
        var fields = HealthSourceFields()
        var type: String?
        var unit: String?
        var value: String?
        var others: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            let key = HealthAttributeKey.of(tag.attributeName(index))
            if try fields.take(key, tag, index, reading, &strings) { continue }
            switch key {
            case .type: type = try reading.text(tag, index, .type, &strings)
            case .unit: unit = try reading.text(tag, index, .unit, &strings)
            case .value: value = try reading.text(tag, index, .value, &strings)
            default: others.append(try reading.attribute(tag, index))
            }
        }
        guard let type else { throw reading.missing(tag, "type") }
        return HealthSample(
            type: type, source: try fields.source(tag, reading), unit: unit, creationDate: fields.creationDate,
            startDate: try fields.start(tag, reading), endDate: try fields.end(tag, reading), value: value,
            otherAttributes: others)
    }

    private mutating func correlationElement(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthCorrelation {
        var fields = HealthSourceFields()
        var type: String?
        var others: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            let key = HealthAttributeKey.of(tag.attributeName(index))
            if try fields.take(key, tag, index, reading, &strings) { continue }
            if key == .type {
                type = try reading.text(tag, index)
            } else {
                others.append(try reading.attribute(tag, index))
            }
        }
        guard let type else { throw reading.missing(tag, "type") }
        return HealthCorrelation(
            type: type, source: try fields.source(tag, reading), creationDate: fields.creationDate,
            startDate: try fields.start(tag, reading), endDate: try fields.end(tag, reading), otherAttributes: others)
    }

    private mutating func workoutElement(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthWorkout {
        var fields = HealthSourceFields()
        var activityType: String?
        var attributes: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            let key = HealthAttributeKey.of(tag.attributeName(index))
            if try fields.take(key, tag, index, reading, &strings) { continue }
            if key == .workoutActivityType {
                activityType = try reading.text(tag, index)
            } else {
                attributes.append(try reading.attribute(tag, index))
            }
        }
        guard let activityType else { throw reading.missing(tag, "workoutActivityType") }
        return HealthWorkout(
            activityType: activityType, source: try fields.source(tag, reading), creationDate: fields.creationDate,
            startDate: try fields.start(tag, reading), endDate: try fields.end(tag, reading), attributes: attributes)
    }

    /// A child of a `Workout` or of a `WorkoutActivity`.
    private mutating func workoutChild(_ tag: XMLStartTag, inActivity: Bool) throws(HealthReadStop) -> Kind {
        let name = tag.name
        if name.equals("MetadataEntry") {
            let entry = try metadataEntry(tag)
            if inActivity { activity!.metadata.append(entry) } else { workout!.metadata.append(entry) }
            return .skipped
        }
        if name.equals("WorkoutStatistics") {
            let statistic = try statisticElement(tag)
            if inActivity { activity!.statistics.append(statistic) } else { workout!.statistics.append(statistic) }
            return .skipped
        }
        if name.equals("WorkoutEvent") {
            event = try eventElement(tag)
            return .workoutEvent
        }
        if !inActivity, name.equals("WorkoutActivity") {
            activity = try activityElement(tag)
            return .activity
        }
        if !inActivity, name.equals("WorkoutRoute") {
            route = try routeElement(tag)
            return .route
        }
        return .skipped
    }

    private func eventElement(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthWorkoutEvent {
        var type: String?
        var date: HealthDate?
        var attributes: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            switch HealthAttributeKey.of(tag.attributeName(index)) {
            case .type: type = try reading.text(tag, index)
            case .date: date = try reading.date(tag, index)
            default: attributes.append(try reading.attribute(tag, index))
            }
        }
        guard let type else { throw reading.missing(tag, "type") }
        guard let date else { throw reading.missing(tag, "date") }
        return HealthWorkoutEvent(type: type, date: date, attributes: attributes)
    }

    private func statisticElement(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthWorkoutStatistic {
        var type: String?
        var start: HealthDate?
        var end: HealthDate?
        var attributes: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            switch HealthAttributeKey.of(tag.attributeName(index)) {
            case .type: type = try reading.text(tag, index)
            case .startDate: start = try reading.date(tag, index)
            case .endDate: end = try reading.date(tag, index)
            default: attributes.append(try reading.attribute(tag, index))
            }
        }
        guard let type else { throw reading.missing(tag, "type") }
        guard let start else { throw reading.missing(tag, "startDate") }
        guard let end else { throw reading.missing(tag, "endDate") }
        return HealthWorkoutStatistic(type: type, startDate: start, endDate: end, attributes: attributes)
    }

    private func activityElement(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthWorkoutActivity {
        var uuid: String?
        var start: HealthDate?
        var end: HealthDate?
        var attributes: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            switch HealthAttributeKey.of(tag.attributeName(index)) {
            case .uuid: uuid = try reading.text(tag, index)
            case .startDate: start = try reading.date(tag, index)
            case .endDate: end = try reading.date(tag, index)
            default: attributes.append(try reading.attribute(tag, index))
            }
        }
        guard let start else { throw reading.missing(tag, "startDate") }
        return HealthWorkoutActivity(uuid: uuid, startDate: start, endDate: end, attributes: attributes)
    }

    private mutating func routeElement(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthWorkoutRoute {
        var fields = HealthSourceFields()
        var others: [HealthAttribute] = []
        for index in 0..<tag.attributeCount {
            let key = HealthAttributeKey.of(tag.attributeName(index))
            if try fields.take(key, tag, index, reading, &strings) { continue }
            others.append(try reading.attribute(tag, index))
        }
        return HealthWorkoutRoute(
            source: try fields.source(tag, reading), creationDate: fields.creationDate, startDate: fields.startDate,
            endDate: fields.endDate, otherAttributes: others)
    }

    private mutating func metadataEntry(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthMetadataEntry {
        var key: String?
        var value: String?
        for index in 0..<tag.attributeCount {
            switch HealthAttributeKey.of(tag.attributeName(index)) {
            case .key: key = try reading.text(tag, index, .key, &strings)
            case .value: value = try reading.text(tag, index)
            default: break
            }
        }
        guard let key else { throw reading.missing(tag, "key") }
        guard let value else { throw reading.missing(tag, "value") }
        return HealthMetadataEntry(key: key, value: value)
    }

    private func beat(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthBeat {
        guard let bpm = tag.index(of: "bpm") else { throw reading.missing(tag, "bpm") }
        guard let time = tag.index(of: "time") else { throw reading.missing(tag, "time") }
        return HealthBeat(bpm: try reading.text(tag, bpm), time: try reading.text(tag, time))
    }

    /// An inline `Location`: `date`, `latitude` and `longitude` required, the rest optional numbers.
    private func location(_ tag: XMLStartTag) throws(HealthReadStop) -> HealthRoutePoint {
        var date: HealthDate?
        var latitude: Double?
        var longitude: Double?
        var point = HealthRoutePoint(time: 0, latitude: 0, longitude: 0)
        for index in 0..<tag.attributeCount {
            switch HealthAttributeKey.of(tag.attributeName(index)) {
            case .date: date = try reading.date(tag, index)
            case .latitude: latitude = try reading.number(tag, index)
            case .longitude: longitude = try reading.number(tag, index)
            case .altitude: point.altitude = try reading.number(tag, index)
            case .horizontalAccuracy: point.horizontalAccuracy = try reading.number(tag, index)
            case .verticalAccuracy: point.verticalAccuracy = try reading.number(tag, index)
            case .course: point.course = try reading.number(tag, index)
            case .speed: point.speed = try reading.number(tag, index)
            default: break
            }
        }
        guard let date else { throw reading.missing(tag, "date") }
        guard let latitude else { throw reading.missing(tag, "latitude") }
        guard let longitude else { throw reading.missing(tag, "longitude") }
        point.time = Double(date.seconds)
        point.latitude = latitude
        point.longitude = longitude
        return point
    }
}
