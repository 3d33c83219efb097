package import CareModel
package import Foundation
package import RegimenFoundation

/// A participant's decision on a consent document as a FHIR R4 `Consent` (docs/consent.md, "FHIR"): status active,
/// rejected (declined) or inactive (withdrawn); scope research; the signed copy's PDF as `sourceAttachment`, by
/// reference; the document and version as the `policy` it agrees to; the provision a permit (or a deny for a
/// decline) from the decision to the withdrawal.
package enum ConsentExport {
    /// The signed copy a resource refers to: where the PDF (else the text) is, its SHA-1 (base64, FHIR's
    /// `Attachment.hash`), its title and language.
    package struct Attachment: Sendable {
        /// The file's URL.
        package var url: URL
        /// `application/pdf` or `text/plain`.
        package var contentType: String
        /// SHA-1 of the file, base64.
        package var hash: String
        /// The document's title and version.
        package var title: String

        /// Creates an attachment reference.
        package init(url: URL, contentType: String, hash: String, title: String) {
            self.url = url
            self.contentType = contentType
            self.hash = hash
            self.title = title
        }
    }

    /// The `Consent` resource of `record`, its dates in `timeZone`.
    package static func resource(_ record: ConsentRecord, attachment: Attachment?, timeZone: TimeZone) -> JSONValue {
        let decided = FHIRDateText.dateTime(record.decidedDate, timeZone: timeZone)
        let status =
            record.decision == .declined ? "rejected" : (record.withdrawal == nil ? "active" : "inactive")
        var resource: JSONObject = [
            "resourceType": .string("Consent"),
            "id": .string(record.uuid.uuidString.lowercased()),
            "identifier": .array([
                .object([
                    "system": .string("urn:ietf:rfc:3986"),
                    "value": .string("urn:uuid:\(record.uuid.uuidString.lowercased())"),
                ])
            ]),
            "status": .string(status),
            "scope": coded("http://terminology.hl7.org/CodeSystem/consentscope", "research", "Research"),
            "category": .array([coded("http://loinc.org", "59284-0", "Patient Consent")]),
            "dateTime": .string(decided),
            "policy": .array([
                .object(["uri": .string("urn:regimen:consent:\(record.documentID):\(record.version)")])
            ]),
        ]
        var period: JSONObject = ["start": .string(decided)]
        if let withdrawal = record.withdrawal {
            period["end"] = .string(FHIRDateText.dateTime(withdrawal.date, timeZone: timeZone))
        }
        resource["provision"] = .object([
            "type": .string(record.decision == .declined ? "deny" : "permit"), "period": .object(period),
        ])
        if let attachment {
            var source: JSONObject = [
                "contentType": .string(attachment.contentType), "url": .string(fileURI(attachment.url)),
                "hash": .string(attachment.hash), "title": .string(attachment.title),
            ]
            if let language = record.language { source["language"] = .string(language) }
            if let day = record.signatureDate { source["creation"] = .string(day) }
            resource["sourceAttachment"] = .object(source)
        }
        return .object(resource)
    }

    /// A file URL with its host written, `file://localhost/…` (RFC 8089): the empty host of `file:///…` is refused by
    /// FHIR validators that read `url` as needing one.
    static func fileURI(_ url: URL) -> String {
        let text = url.absoluteString
        return text.hasPrefix("file:///") ? "file://localhost/" + text.dropFirst("file:///".count) : text
    }

    private static func coded(_ system: String, _ code: String, _ display: String) -> JSONValue {
        .object([
            "coding": .array([
                .object(["system": .string(system), "code": .string(code), "display": .string(display)])
            ])
        ])
    }
}
