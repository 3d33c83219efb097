import RegimenFoundation

/// A pretty-printed JSON document whose one long array is written element by element, never held whole: the same
/// bytes as `JSONWriter.prettyText` of the whole document. The document is the array itself, or an object with the
/// array as one of its members (`regimen outcomes --format json` and `--format fhir`).
final class StreamedJSONDocument {
    private let output: TableOutput
    /// The object's members after the array's key, written by `finish`; empty for a top-level array.
    private let membersAfter: [(key: String, value: JSONValue)]
    /// The array's key; nil for a top-level array.
    private let arrayKey: String?
    /// Whether an empty array is left out of its object (FHIR has no empty arrays).
    private let omitsEmptyArray: Bool
    /// The array's indentation level.
    private let level: Int
    /// Members of the object written so far.
    private var membersWritten = 0
    private var elements = 0

    /// A document that is one array.
    init(array output: TableOutput) {
        self.output = output
        membersAfter = []
        arrayKey = nil
        omitsEmptyArray = false
        level = 0
    }

    /// A document that is an object of `members` and the array at `arrayKey`; `omitsEmptyArray` leaves the key out
    /// when no element was appended. Writes the members whose keys sort before `arrayKey`.
    init(object output: TableOutput, members: JSONObject, arrayKey: String, omitsEmptyArray: Bool) throws(RegimenError)
    {
        self.output = output
        self.arrayKey = arrayKey
        self.omitsEmptyArray = omitsEmptyArray
        level = 1
        let sorted = members.filter { $0.key != arrayKey }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let before = sorted.filter { $0.key.utf8.lexicographicallyPrecedes(arrayKey.utf8) }
        membersAfter = sorted.filter { !$0.key.utf8.lexicographicallyPrecedes(arrayKey.utf8) }.map {
            ($0.key, $0.value)
        }
        for member in before { try writeMember(member.key, member.value) }
    }

    /// Appends one element to the array.
    func append(_ element: JSONValue) throws(RegimenError) {
        var text = ""
        if elements == 0 {
            if let arrayKey {
                text += membersWritten > 0 ? ",\n" : "{\n"
                JSONWriter.appendIndent(level, into: &text)
                JSONWriter.appendQuoted(arrayKey, into: &text)
                text += ": "
                membersWritten += 1
            }
            text += "[\n"
        } else {
            text += ",\n"
        }
        JSONWriter.appendIndent(level + 1, into: &text)
        JSONWriter.append(element, indent: level + 1, into: &text)
        elements += 1
        try output.write(text)
    }

    /// Closes the array and the document (with its last newline); the output stays open.
    func finish() throws(RegimenError) {
        var text = ""
        if elements > 0 {
            text += "\n"
            JSONWriter.appendIndent(level, into: &text)
            text += "]"
        } else if let arrayKey, !omitsEmptyArray {
            try writeMember(arrayKey, .array([]))
        } else if arrayKey == nil {
            text += "[]"
        }
        try output.write(text)
        guard arrayKey != nil else { return try output.write("\n") }
        for member in membersAfter { try writeMember(member.key, member.value) }
        try output.write(membersWritten == 0 ? "{}\n" : "\n}\n")
    }

    private func writeMember(_ key: String, _ value: JSONValue) throws(RegimenError) {
        var text = membersWritten > 0 ? ",\n" : "{\n"
        JSONWriter.appendIndent(level, into: &text)
        JSONWriter.appendQuoted(key, into: &text)
        text += ": "
        JSONWriter.append(value, indent: level, into: &text)
        membersWritten += 1
        try output.write(text)
    }
}
