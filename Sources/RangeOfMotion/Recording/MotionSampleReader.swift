import RegimenFoundation
import SystemPackage

/// Reads a ResearchKit device-motion recording one sample at a time with the foundation's `JSONReader`
///, so a caller can measure while reading without holding the samples.
///
/// It reads only what Regimen needs (`attitude`, `gravity`, `timestamp`, `timestampSince1970`) and checks and skips
/// everything else: any key order, unknown fields, escapes, whitespace, E-notation and nested values.
struct MotionSampleReader: ~Copyable {
    private var json: JSONReader
    /// Whether the items sit in a root object (`{"items": [...]}`) rather than being the root array.
    private(set) var wrapped = false
    /// The index of the next sample.
    private(set) var index = 0
    /// Whether the item array has been read to its end.
    private var finished = false
    /// How the items are written, learned from the first one read (`JSONRecordShape`), for `allFields` as
    /// `shapeConverts` says; nil before, or when the items are not plain objects.
    private var shape: JSONRecordShape?
    private var shapeConverts = false
    /// Items left to learn the shape from (the first few are tried).
    private var shapeAttempts = 4
    /// Which of gravity, `timestamp` and `timestampSince1970` the shape's items hold.
    private var shapeHolds = (gravity: false, timestamp: false, timestampSince1970: false)

    /// Reads from `json`, which must be at the start of the document.
    init(_ json: consuming JSONReader) {
        self.json = json
    }

    /// Reads a part of a recording: `json` starts at an item inside the item array (`JSONReader`'s
    /// `insideArrayOf`), and `wrapped` says whether the array sits in a root object. `start()` is not called.
    init(part json: consuming JSONReader, wrapped: Bool) {
        self.json = json
        self.wrapped = wrapped
    }

    /// How many bytes the reader has consumed; after `next()` returned a sample, the offset just past its item.
    var byteOffset: Int { json.byteOffset }

    /// The system's error when reading the file failed part-way, if it did.
    var readFailure: Errno? { json.readFailure }

    /// Steps into the item array: `{"items": [...]}` (other keys skipped) or a bare array.
    mutating func start() throws(MotionRecordingError) {
        let root = try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.next() }
        switch root {
        case .arrayStart: return
        case .objectStart:
            wrapped = true
            while try nextIsKey() {
                if json.stringEquals("items") {
                    let items = try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.next() }
                    guard items == .arrayStart else { throw .itemsNotAnArray(found: Self.kind(of: items)) }
                    return
                }
                try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.skipValue() }
            }
            throw .missingItems
        default:
            // only whitespace may follow
            _ = try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.next() }
            throw .unexpectedRoot(found: Self.kind(of: root))
        }
    }

    /// The next sample, or nil after the last one (the rest of the document is then checked to its end). Only
    /// sample 0's gravity and timestamps are converted unless `allFields`; the others are checked as numbers.
    mutating func next(allFields: Bool = true) throws(MotionRecordingError) -> MotionSample? {
        guard !finished else { return nil }
        if let shape, shapeConverts == allFields {
            if let sample = try readShaped(shape, allFields: allFields) { return sample }
        } else if shapeAttempts > 0 {
            // Learned before the general path reads the same item: it is used only once that item was read
            // without error, so items matching it (the same bytes but for the numbers) read the same way.
            shapeAttempts -= 1
            shapeConverts = allFields
            learnShape(allFields: allFields)
        }
        let token = try nextToken()
        if case .arrayEnd = token {
            finished = true
            try finishDocument()
            return nil
        }
        guard case .objectStart = token else {
            throw .invalidItem(index: index, field: "", problem: .expectedObject(found: Self.kind(of: token)))
        }
        let convert = allFields || index == 0
        var attitude: Quaternion?
        var gravity: Vector3?
        var timestamp: Double?
        var timestampSince1970: Double?
        while try nextIsKey() {
            switch MotionKey(&json) {
            case .attitude: attitude = try readQuaternion()
            case .gravity:
                let vector = try readVector("gravity", convert: convert)
                gravity = convert ? vector : nil
            case .timestamp: timestamp = try readNumber("timestamp", convert: convert)
            case .timestampSince1970: timestampSince1970 = try readNumber("timestampSince1970", convert: convert)
            default: try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.skipValue() }
            }
        }
        guard let attitude else { throw .invalidItem(index: index, field: "attitude", problem: .missing) }
        let sample = MotionSample(
            attitude: try RecordedAttitude.unit(attitude, sample: index), gravity: gravity, timestamp: timestamp,
            timestampSince1970: timestampSince1970)
        index += 1
        return sample
    }

    /// Learns the layout of the next item: the attitude's components go to values 0–3, and with `allFields` gravity
    /// to 4–6 and the timestamps to 7 and 8; without, those are checked as `readNumber` checks unconverted numbers.
    private mutating func learnShape(allFields: Bool) {
        shape = json.upcomingRecordShape { path in
            switch (path.count, path.first, path.last) {
            case (2, "attitude", "x"): .value(slot: 0)
            case (2, "attitude", "y"): .value(slot: 1)
            case (2, "attitude", "z"): .value(slot: 2)
            case (2, "attitude", "w"): .value(slot: 3)
            case (2, "gravity", "x"): allFields ? .value(slot: 4) : .check
            case (2, "gravity", "y"): allFields ? .value(slot: 5) : .check
            case (2, "gravity", "z"): allFields ? .value(slot: 6) : .check
            case (1, "timestamp", _): allFields ? .value(slot: 7) : .check
            case (1, "timestampSince1970", _): allFields ? .value(slot: 8) : .check
            default: .skip
            }
        }
        guard let paths = shape?.paths else { return }
        let fields = Set(paths.map { $0.joined(separator: ".") })
        guard ["attitude.x", "attitude.y", "attitude.z", "attitude.w"].allSatisfy(fields.contains) else {
            shape = nil
            return
        }
        shapeHolds = (fields.contains("gravity.x"), fields.contains("timestamp"), fields.contains("timestampSince1970"))
    }

    /// The next item when it is written in `shape` (see `learnShape`), else nil with nothing consumed.
    private mutating func readShaped(_ shape: JSONRecordShape, allFields: Bool) throws(MotionRecordingError)
        -> MotionSample?
    {
        var values = SIMD16<Double>()
        let read = withUnsafeMutableBytes(of: &values) { raw in
            json.readRecord(shape, into: raw.bindMemory(to: Double.self))
        }
        guard read else { return nil }
        let attitude = Quaternion(x: values[0], y: values[1], z: values[2], w: values[3])
        // Unconverted fields read as 0, as `readNumber` gives them.
        let sample = MotionSample(
            attitude: try RecordedAttitude.unit(attitude, sample: index),
            gravity: allFields && shapeHolds.gravity ? Vector3(x: values[4], y: values[5], z: values[6]) : nil,
            timestamp: shapeHolds.timestamp ? (allFields ? values[7] : 0) : nil,
            timestampSince1970: shapeHolds.timestampSince1970 ? (allFields ? values[8] : 0) : nil)
        index += 1
        return sample
    }

    /// After the item array: skips the root object's other keys, then checks only whitespace follows.
    private mutating func finishDocument() throws(MotionRecordingError) {
        if wrapped {
            while try nextIsKey() {
                try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.skipValue() }
            }
        }
        _ = try nextToken()
    }

    /// `attitude{x,y,z,w}`.
    private mutating func readQuaternion() throws(MotionRecordingError) -> Quaternion {
        let q = try readComponents("attitude", count: 4, convert: true)
        return Quaternion(x: q.x, y: q.y, z: q.z, w: q.w)
    }

    /// `gravity{x,y,z}`.
    private mutating func readVector(_ field: StaticString, convert: Bool) throws(MotionRecordingError) -> Vector3 {
        let v = try readComponents(field, count: 3, convert: convert)
        return Vector3(x: v.x, y: v.y, z: v.z)
    }

    /// The numbers `x`, `y`, `z` (and `w` when `count` is 4) of an object field; extra keys are skipped, a missing
    /// component is named in the error.
    private mutating func readComponents(
        _ field: StaticString, count: Int, convert: Bool
    ) throws(MotionRecordingError) -> SIMD4<Double> {
        try openObject(field)
        var values = SIMD4<Double>()
        var found = 0  // one bit per component
        while try nextIsKey() {
            let component: Int
            switch MotionKey(&json) {
            case .x: component = 0
            case .y: component = 1
            case .z: component = 2
            case .w where count == 4: component = 3
            default:
                try syntax { (json: inout JSONReader) throws(JSONSyntaxError) in try json.skipValue() }
                continue
            }
            values[component] = try readNumber(field, component: component, convert: convert)
            found |= 1 << component
        }
        if found != (1 << count) - 1 {
            let missing = (0..<count).first { found & (1 << $0) == 0 } ?? 0
            throw .invalidItem(index: index, field: Self.path(field, component: missing), problem: .missing)
        }
        return values
    }

    /// "attitude.x", … for errors (built only then).
    private static func path(_ field: StaticString, component: Int?) -> String {
        guard let component else { return "\(field)" }
        return "\(field).\(["x", "y", "z", "w"][component])"
    }

    /// Steps into an object value of an item field, or names the field in the error.
    private mutating func openObject(_ field: StaticString) throws(MotionRecordingError) {
        let token = try nextToken()
        guard case .objectStart = token else {
            throw .invalidItem(index: index, field: "\(field)", problem: .expectedObject(found: Self.kind(of: token)))
        }
    }

    /// A finite number value of an item field or component (0 when not `convert`ed), or names it in the error.
    private mutating func readNumber(
        _ field: StaticString, component: Int? = nil, convert: Bool
    ) throws(MotionRecordingError) -> Double {
        let token = try nextToken()
        guard case .number = token else {
            throw .invalidItem(
                index: index, field: Self.path(field, component: component),
                problem: .expectedNumber(found: Self.kind(of: token)))
        }
        guard convert || !json.numberIsSurelyFinite else { return 0 }
        let value = json.double()
        guard value.isFinite else {
            throw .invalidItem(index: index, field: Self.path(field, component: component), problem: .notFinite)
        }
        return value
    }

    /// Reads the next token: true when it is a key, false at the end of the object.
    private mutating func nextIsKey() throws(MotionRecordingError) -> Bool {
        if case .key = try nextToken() { return true }
        return false
    }

    private mutating func nextToken() throws(MotionRecordingError) -> JSONToken {
        do {
            return try json.next()
        } catch {
            throw .malformedJSON(error)
        }
    }

    /// Runs a step of the JSON reader, turning its errors into `.malformedJSON` (or `.file`'s errno).
    @inline(__always)
    private mutating func syntax<Value>(
        _ step: (inout JSONReader) throws(JSONSyntaxError) -> Value
    ) throws(MotionRecordingError) -> Value {
        do {
            return try step(&json)
        } catch {
            throw .malformedJSON(error)
        }
    }

    /// The kind of value a token starts.
    private static func kind(of token: JSONToken) -> MotionRecordingError.JSONKind {
        switch token {
        case .objectStart: .object
        case .arrayStart: .array
        case .string: .string
        case .number: .number
        case .bool: .boolean
        case .null, .objectEnd, .arrayEnd, .key, .end: .null
        }
    }
}

/// The object keys a recording reader looks for; everything else is `other`.
enum MotionKey {
    case items, attitude, gravity, timestamp, timestampSince1970, x, y, z, w, other

    /// Classifies the key `json` just read.
    init(_ json: inout JSONReader) {
        let (length, first) = json.withStringBytes { name in (name.count, name.first ?? 0) }
        switch length {
        case 1:
            switch first {
            case UInt8(ascii: "x"): self = .x
            case UInt8(ascii: "y"): self = .y
            case UInt8(ascii: "z"): self = .z
            case UInt8(ascii: "w"): self = .w
            default: self = .other
            }
        case 5: self = json.stringEquals("items") ? .items : .other
        case 7: self = json.stringEquals("gravity") ? .gravity : .other
        case 8: self = json.stringEquals("attitude") ? .attitude : .other
        case 9: self = json.stringEquals("timestamp") ? .timestamp : .other
        case 18: self = json.stringEquals("timestampSince1970") ? .timestampSince1970 : .other
        default: self = .other
        }
    }
}
