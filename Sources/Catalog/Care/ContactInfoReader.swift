import CareModel
import Foundation

/// Reads the ways of reaching someone that care files and task links write (docs/care-plans.md): phone numbers,
/// email addresses and postal addresses, reporting each refusal at its place.
struct ContactInfoReader {
    let sink: ProblemSink

    /// A phone number: an E.164 string, or `{ number: …, country: …, label: … }`; its E.164 form and label.
    func phone(_ node: SurveyNode, at path: SurveyPath) -> LabeledValue? {
        if let text = node.string { return e164(text, country: nil, label: "", at: path, line: node.line) }
        guard let map = MapReader(node, at: path, kind: "phoneNumber", sink: sink) else { return nil }
        let number = map.string("number", required: true, nonEmpty: true)
        let country = map.string("country", nonEmpty: true)
        let label = map.string("label") ?? ""
        guard let number else { return nil }
        return e164(
            number, country: country?.uppercased(), label: label, at: path.key("number"),
            line: map.node("number")?.line ?? node.line)
    }

    private func e164(_ text: String, country: String?, label: String, at path: SurveyPath, line: Int)
        -> LabeledValue?
    {
        switch PhoneNumber.e164(text, country: country) {
        case .success(let number): return LabeledValue(label: label, value: number)
        case .failure(let refusal):
            sink.report(path, refusal.reason, line: line)
            return nil
        }
    }

    /// An email address: a string, or `{ address: …, label: … }`.
    func email(_ node: SurveyNode, at path: SurveyPath) -> LabeledValue? {
        if let text = node.string { return checkedEmail(text, label: "", at: path, line: node.line) }
        guard let map = MapReader(node, at: path, kind: "emailAddress", sink: sink) else { return nil }
        let label = map.string("label") ?? ""
        guard let address = map.string("address", required: true, nonEmpty: true) else { return nil }
        return checkedEmail(
            address, label: label, at: path.key("address"), line: map.node("address")?.line ?? node.line)
    }

    private func checkedEmail(_ text: String, label: String, at path: SurveyPath, line: Int) -> LabeledValue? {
        if let problem = EmailAddress.problem(text) {
            sink.report(path, problem, line: line)
            return nil
        }
        return LabeledValue(label: label, value: text)
    }

    /// A postal address: `{ street, city, state, postalCode, country }`, at least one of them.
    func postalAddress(_ node: SurveyNode, at path: SurveyPath) -> PostalAddress? {
        guard let map = MapReader(node, at: path, kind: "postalAddress", sink: sink) else { return nil }
        let address = PostalAddress(
            street: map.string("street", nonEmpty: true), city: map.string("city", nonEmpty: true),
            state: map.string("state", nonEmpty: true), postalCode: map.string("postalCode", nonEmpty: true),
            country: map.string("country", nonEmpty: true))
        guard !address.oneLine.isEmpty else {
            sink.report(
                path, "an address needs at least one of street, city, state, postalCode, country", line: node.line)
            return nil
        }
        return address
    }

    /// A person's name: a string (the given and family names, split at the last space), or `{ given, family,
    /// prefix, suffix }`.
    func personName(_ node: SurveyNode, at path: SurveyPath) -> PersonName? {
        if let text = node.string {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                sink.report(path, "must not be empty", line: node.line)
                return nil
            }
            guard let space = trimmed.lastIndex(of: " ") else { return PersonName(given: trimmed) }
            return PersonName(
                given: String(trimmed[..<space]).trimmingCharacters(in: .whitespaces),
                family: String(trimmed[trimmed.index(after: space)...]))
        }
        guard let map = MapReader(node, at: path, kind: "personName", sink: sink) else { return nil }
        let name = PersonName(
            given: map.string("given", nonEmpty: true), family: map.string("family", nonEmpty: true),
            prefix: map.string("prefix", nonEmpty: true), suffix: map.string("suffix", nonEmpty: true))
        guard !name.isEmpty else {
            sink.report(path, "a name needs a given or family name", line: node.line)
            return nil
        }
        return name
    }
}
