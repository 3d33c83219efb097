public import Foundation
package import RegimenFoundation

/// `ORKRangeOfMotionResult`: angles in degrees (docs/range-of-motion.md, "The five values, and the older two").
public struct RangeOfMotionResult: Sendable, Hashable {
    /// The step identifier.
    public var identifier: String
    /// When the measurement started.
    public var startDate: Date
    /// When the measurement ended.
    public var endDate: Date
    /// Angle at the start position.
    public var start: Double
    /// Angle when recording ended.
    public var finish: Double
    /// Angle at the minimum (e.g. knee most bent).
    public var minimum: Double
    /// Angle at the maximum (e.g. knee extended).
    public var maximum: Double
    /// |maximum − minimum|.
    public var range: Double
    /// Extra data: Regimen records orientation, whether it was guessed, and manual readings here.
    package var userInfo: JSONObject?
    /// The JSON object this result was read from (nil when Regimen built it). Writing the result back keeps from it
    /// what the model does not hold: unknown keys, explicit nulls, each value's exact written form
    /// (docs/researchkit-results.md).
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates a range-of-motion result.
    package init(
        identifier: String, startDate: Date, endDate: Date, start: Double, finish: Double, minimum: Double,
        maximum: Double, range: Double, userInfo: JSONObject? = nil, source: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate
        self.start = start
        self.finish = finish
        self.minimum = minimum
        self.maximum = maximum
        self.range = range
        self.userInfo = userInfo
        self.source = source
    }
}

/// `ORKFileResult`: a file written beside the result (no `fileURL` in JSON).
public struct FileResult: Sendable, Hashable {
    /// The recorder or step identifier.
    public var identifier: String
    /// When the file was started.
    public var startDate: Date
    /// When the file was finished.
    public var endDate: Date
    /// MIME type, e.g. "application/json".
    public var contentType: String?
    /// File name relative to the result file's folder.
    public var fileName: String?
    /// Free-form extra data.
    package var userInfo: JSONObject?
    /// The JSON object this result was read from (nil when Regimen built it). Writing the result back keeps from it
    /// what the model does not hold: unknown keys, explicit nulls, each value's exact written form
    /// (docs/researchkit-results.md).
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates a file result.
    package init(
        identifier: String, startDate: Date, endDate: Date, contentType: String? = nil, fileName: String? = nil,
        userInfo: JSONObject? = nil, source: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate
        self.contentType = contentType
        self.fileName = fileName
        self.userInfo = userInfo
        self.source = source
    }
}

/// `ORKConsentSignatureResult`: whether the participant consented, who signed and when (`signature`), and which
/// document they saw: its identifier, version and the digest of the text shown (docs/consent.md).
public struct ConsentSignatureResult: Sendable, Hashable {
    /// The consent step identifier.
    public var identifier: String
    /// When consent was given.
    public var startDate: Date
    /// When consent was given.
    public var endDate: Date
    /// Whether the participant affirmed the consent.
    public var consented: Bool
    /// `ORKConsentSignature`: the name typed and the date signed; nil when the result holds none.
    public var signature: ConsentSignature?
    /// The document shown (`documentIdentifier`, `documentVersion`, `documentDigest`, `documentLanguage`); nil when
    /// the result names none (a ResearchKit app's).
    package var document: ConsentDocumentReference?
    /// Free-form extra data.
    package var userInfo: JSONObject?
    /// The JSON object this result was read from (nil when Regimen built it). Writing the result back keeps from it
    /// what the model does not hold: unknown keys, explicit nulls, each value's exact written form
    /// (docs/researchkit-results.md).
    @ExcludedFromEquality package var source: JSONObject?

    /// Creates a consent result.
    package init(
        identifier: String, startDate: Date, endDate: Date, consented: Bool, signature: ConsentSignature? = nil,
        document: ConsentDocumentReference? = nil, userInfo: JSONObject? = nil, source: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate
        self.consented = consented
        self.signature = signature
        self.document = document
        self.userInfo = userInfo
        self.source = source
    }
}

/// `ORKConsentSignature`: the signer's name and the signature date, as ResearchKit writes them.
public struct ConsentSignature: Sendable, Hashable {
    /// The signature's identifier.
    public var identifier: String
    /// The given name typed.
    public var givenName: String?
    /// The family name typed.
    public var familyName: String?
    /// The date signed, as text in `signatureDateFormatString` (`yyyy-MM-dd`).
    public var signatureDate: String?

    /// Creates a signature.
    package init(identifier: String, givenName: String?, familyName: String?, signatureDate: String?) {
        self.identifier = identifier
        self.givenName = givenName
        self.familyName = familyName
        self.signatureDate = signatureDate
    }

    /// The date format Regimen writes `signatureDate` in.
    package static let dateFormat = "yyyy-MM-dd"
}

/// Which consent document a signature is for: identifier, version, the digest of the text shown, and its language.
package struct ConsentDocumentReference: Sendable, Hashable {
    /// The document identifier.
    package var identifier: String
    /// The version.
    package var version: String
    /// The SHA-256 (hex) of the text shown.
    package var digest: String
    /// The language shown (BCP 47), nil when the survey names none.
    package var language: String?

    /// Creates a reference.
    package init(identifier: String, version: String, digest: String, language: String?) {
        self.identifier = identifier
        self.version = version
        self.digest = digest
        self.language = language
    }
}

/// A result of a class Regimen does not model, kept as its JSON object so it round-trips.
public struct OtherResult: Sendable, Hashable {
    /// The `_class` name.
    public var className: String
    /// The `identifier` field.
    public var identifier: String
    /// The whole JSON object, `_class` included.
    package var json: JSONObject

    /// Creates an opaque result.
    package init(className: String, identifier: String, json: JSONObject) {
        self.className = className
        self.identifier = identifier
        self.json = json
    }
}
