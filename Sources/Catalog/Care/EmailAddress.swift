/// Email addresses in a care file (docs/care-plans.md, "Email addresses"): RFC 5322's dot-atom form, `local@domain`,
/// with a domain of dot-separated DNS labels ending in a top-level domain of letters. Quoted local parts, comments and
/// address literals (`[192.0.2.1]`) are valid in RFC 5322 but not accepted: no care team writes them, and a phone's
/// contacts may not import them.
enum EmailAddress {
    /// The characters RFC 5322's `atext` allows, besides letters and digits.
    private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~")

    /// Nil when `text` is an address; else why not.
    static func problem(_ text: String) -> String? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return "\"\(text)\" is not an email address (one \"@\" between a name and a domain)"
        }
        let (local, domain) = (parts[0], parts[1])
        let localOK =
            !local.isEmpty && local.count <= 64 && !local.hasPrefix(".") && !local.hasSuffix(".")
            && !local.contains("..")
            && local.allSatisfy {
                ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || atextSymbols.contains($0)
            }
        guard localOK else { return "\"\(text)\" is not an email address (the part before \"@\")" }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let labelsOK =
            labels.count >= 2 && domain.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
        guard labelsOK, let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetter) else {
            return "\"\(text)\" is not an email address (the domain after \"@\", e.g. example.org)"
        }
        return nil
    }
}
