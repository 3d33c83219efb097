/// REDCap's variable and form names made from Regimen's (docs/redcap.md, "Names"): lower-case letters, digits and
/// underscores, starting with a letter, at most 26 characters (REDCap's advice), unique in the project, never one of
/// REDCap's own (`record_id` is the record's, `redcap_…` and `…_complete` its columns': `v_` goes in front, `_v`
/// after). The same dictionary always
/// gives the same names, since they are handed out in its order.
struct REDCapNames {
    /// REDCap's advised maximum length of a name.
    static let maximumLength = 26

    private var taken: Set<String> = []

    /// Names `record_id` and the names REDCap makes of it already taken.
    init(reserved: [String] = []) {
        taken = Set(reserved)
    }

    /// A new unique name made from `text`: `_2`, `_3`… added (to a shortened stem) when taken.
    mutating func make(from text: String) -> String {
        var stem = Self.sanitized(text)
        if stem.hasSuffix("_complete") { stem += "_v" }
        if Self.isREDCaps(stem) { stem = "v_" + stem }
        stem = String(stem.prefix(Self.maximumLength))
        var name = stem
        var number = 2
        while taken.contains(name) || Self.isREDCaps(name) {
            let suffix = "_\(number)"
            name = String(stem.prefix(Self.maximumLength - suffix.count)) + suffix
            number += 1
        }
        taken.insert(name)
        return name
    }

    /// Lower-case ASCII letters and digits kept, every other run of characters one underscore, a leading letter.
    static func sanitized(_ text: String) -> String {
        var name = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9": name.unicodeScalars.append(scalar)
            case "A"..."Z": name += String(scalar).lowercased()
            default: if !name.isEmpty, name.last != "_" { name += "_" }
            }
        }
        while name.last == "_" { name.removeLast() }
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else {
            return name.isEmpty ? "v" : "v_" + name
        }
        return name
    }

    /// Whether REDCap uses the name for its own columns.
    static func isREDCaps(_ name: String) -> Bool {
        name.hasPrefix("redcap_") || name.hasSuffix("_complete") || name == "record_id"
    }
}
