package import RegimenFoundation
package import SystemPackage

/// Why a device-motion recording could not be read. Messages name the place and problem, never sample values.
package enum MotionRecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case file(FileError)
    /// The bytes are not valid JSON (the error says where).
    case malformedJSON(JSONSyntaxError)
    /// The document is JSON, but neither an object with `items` nor an array.
    case unexpectedRoot(found: JSONKind)
    /// The root object has no `items` key.
    case missingItems
    /// The root object's `items` is not an array.
    case itemsNotAnArray(found: JSONKind)
    /// An item is unusable; `field` is a dotted path inside item `index` ("" for the item itself).
    case invalidItem(index: Int, field: String, problem: FieldProblem)
    /// The recording holds no samples (an empty recording is an error, not a zero measurement).
    case empty
    /// One of the errors above, in the named file.
    indirect case inFile(path: FilePath, error: MotionRecordingError)

    /// The kind of a JSON value, to say what was found instead.
    package enum JSONKind: String, Sendable, Hashable {
        /// `{…}`.
        case object
        /// `[…]`.
        case array
        /// `"…"`.
        case string
        /// A number.
        case number
        /// `true` or `false`.
        case boolean
        /// `null`.
        case null
    }

    /// What is wrong with one field of an item.
    package enum FieldProblem: Sendable, Hashable {
        /// A required field is absent.
        case missing
        /// The value is not an object.
        case expectedObject(found: JSONKind)
        /// The value is not a number.
        case expectedNumber(found: JSONKind)
        /// The number overflows a Double.
        case notFinite
        /// An attitude quaternion of length 0.
        case zeroQuaternion
        /// An attitude quaternion whose length is more than `RecordedAttitude.normalizedTolerance` away from 1.
        case notUnitQuaternion
    }

    /// A one-line message such as `items[12].attitude.w: expected a number, found a string`.
    package var description: String {
        switch self {
        case .file(let error): error.description
        case .malformedJSON(let error): "not valid JSON: \(error)"
        case .unexpectedRoot(let kind): "expected an object with \"items\" or an array of items, found \(kind.text)"
        case .missingItems: "the root object has no \"items\""
        case .itemsNotAnArray(let kind): "items: expected an array, found \(kind.text)"
        case .invalidItem(let index, let field, let problem):
            "items[\(index)]\(field.isEmpty ? "" : ".\(field)"): \(problem.text)"
        case .empty: "the recording has no samples"
        case .inFile(let path, let error): "\(path.string): \(error.description)"
        }
    }
}

extension MotionRecordingError.JSONKind {
    /// "an object", "a number", …
    var text: String {
        switch self {
        case .object, .array: "an \(rawValue)"
        case .null: "null"
        default: "a \(rawValue)"
        }
    }
}

extension MotionRecordingError.FieldProblem {
    /// The problem as words.
    var text: String {
        switch self {
        case .missing: "missing"
        case .expectedObject(let kind): "expected an object, found \(kind.text)"
        case .expectedNumber(let kind): "expected a number, found \(kind.text)"
        case .notFinite: "number out of range"
        case .zeroQuaternion: "the quaternion is zero, not an attitude"
        case .notUnitQuaternion:
            "the quaternion is not of unit length (more than \(RecordedAttitude.normalizedTolerance) away from 1), "
                + "not an attitude"
        }
    }
}
