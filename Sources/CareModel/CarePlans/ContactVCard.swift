import RegimenFoundation

/// Contacts as RFC 6350 vCards (version 4.0, docs/care-plans.md, "vCards"), which a phone's contacts app imports:
/// UTF-8, CRLF line ends, lines folded at 75 octets, and text values escaped (§3.4: backslash, comma, semicolon and
/// line breaks). The folding and escaping are the same rules as iCalendar's (RFC 5545 §3.1, §3.3.11), done by the
/// same code.
package enum ContactVCard {
    /// The vCards of `contacts`, one after another.
    package static func text(_ contacts: [CareContact]) -> String {
        contacts.map(card).joined()
    }

    /// One contact's vCard.
    package static func card(_ contact: CareContact) -> String {
        var lines = ICalendarContentLines()
        lines.begin("VCARD")
        lines.add("VERSION", "4.0")
        let name = contact.name
        // FN is required; N's five components are family; given; additional; prefixes; suffixes.
        lines.addText("FN", name.isEmpty ? contact.id : name.formatted)
        lines.add(
            "N",
            [name.family, name.given, nil, name.prefix, name.suffix].map { ICalendarText.escaped($0 ?? "") }
                .joined(separator: ";"))
        if let title = contact.title { lines.addText("TITLE", title) }
        if let role = contact.role { lines.addText("ROLE", role) }
        if let organization = contact.organization { lines.addText("ORG", organization) }
        for phone in contact.phoneNumbers {
            lines.add("TEL;VALUE=uri;TYPE=\(types("voice", phone.label))", "tel:" + phone.value)
        }
        for number in contact.messagingNumbers {
            lines.add("TEL;VALUE=uri;TYPE=\(types("text", number.label))", "tel:" + number.value)
        }
        for email in contact.emailAddresses {
            let type = labelType(email.label).map { ";TYPE=\($0)" } ?? ""
            lines.add("EMAIL\(type)", ICalendarText.escaped(email.value))
        }
        if let address = contact.address {
            // ADR: post office box; extended address; street; locality; region; postal code; country.
            let parts = [nil, nil, address.street, address.city, address.state, address.postalCode, address.country]
            lines.add("ADR", parts.map { ICalendarText.escaped($0 ?? "") }.joined(separator: ";"))
        }
        lines.add("KIND", "individual")
        lines.end("VCARD")
        return lines.text
    }

    /// `voice` or `text`, with the label's type when it is one vCard knows (home, work, cell).
    private static func types(_ base: String, _ label: String) -> String {
        let extra = labelType(label).map { [$0] } ?? []
        let all = [base] + extra
        return all.count == 1 ? base : "\"" + all.joined(separator: ",") + "\""
    }

    /// The vCard TYPE of a label: home, work, or cell for "mobile" and "cell"; nil for others.
    private static func labelType(_ label: String) -> String? {
        switch label.lowercased() {
        case "home": "home"
        case "work": "work"
        case "mobile", "cell": "cell"
        default: nil
        }
    }
}
