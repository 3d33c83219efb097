/// An iCalendar object being written (RFC 5545 §3.1, docs/icalendar.md, "Text"): content lines `NAME;PARAMS:value`,
/// each folded at 75 octets and ended by CRLF.
package struct ICalendarContentLines: Sendable {
    /// The text so far, every line ended by CRLF.
    package private(set) var text = ""

    /// An empty object.
    package init() {}

    /// Adds `BEGIN:name`.
    package mutating func begin(_ component: String) { add("BEGIN", component) }

    /// Adds `END:name`.
    package mutating func end(_ component: String) { add("END", component) }

    /// Adds a property whose value is already in its value type's form (dates, numbers, rules, pre-escaped text):
    /// `name` may carry parameters, e.g. `DTSTART;TZID=Europe/Berlin`.
    package mutating func add(_ name: String, _ value: String) {
        text += ICalendarText.folded("\(name):\(value)")
        text += "\r\n"
    }

    /// Adds a TEXT property, escaping `value` (RFC 5545 §3.3.11).
    package mutating func addText(_ name: String, _ value: String) {
        add(name, ICalendarText.escaped(value))
    }
}
