public import Foundation

/// A participant's decision on one version of a consent document, as the care store keeps it: a signature or a
/// decline, and a later withdrawal (docs/consent.md, "What is kept"). The name is not kept here: it is in the signed
/// copy and the result file.
public struct ConsentRecord: Sendable, Hashable {
    /// The record's identifier.
    public var uuid: UUID
    /// The document identifier.
    public var documentID: String
    /// The version decided on.
    public var version: String
    /// The SHA-256 (hex) of the text shown.
    public var digest: String
    /// The language shown (BCP 47), nil when the survey names none.
    public var language: String?
    /// Consented or declined.
    public var decision: ConsentDecision
    /// When the participant decided.
    public var decidedDate: Date
    /// The signature date as signed (`yyyy-MM-dd`), nil for a decline.
    public var signatureDate: String?
    /// The run that signed, nil for a decline.
    public var taskRunUUID: UUID?
    /// The signed copy's plain-text file, nil for a decline.
    public var copyFile: String?
    /// The SHA-256 (hex) of the signed copy's plain-text file, checked on every read.
    public var copyDigest: String?
    /// The signed copy's PDF, nil when none was made.
    public var pdfFile: String?
    /// The SHA-256 (hex) of the PDF, checked on every read.
    public var pdfDigest: String?
    /// The withdrawal, nil while consent stands.
    public var withdrawal: ConsentWithdrawal?

    /// Creates a record.
    public init(
        uuid: UUID, documentID: String, version: String, digest: String, language: String?,
        decision: ConsentDecision, decidedDate: Date, signatureDate: String? = nil, taskRunUUID: UUID? = nil,
        copyFile: String? = nil, copyDigest: String? = nil, pdfFile: String? = nil, pdfDigest: String? = nil,
        withdrawal: ConsentWithdrawal? = nil
    ) {
        self.uuid = uuid
        self.documentID = documentID
        self.version = version
        self.digest = digest
        self.language = language
        self.decision = decision
        self.decidedDate = decidedDate
        self.signatureDate = signatureDate
        self.taskRunUUID = taskRunUUID
        self.copyFile = copyFile
        self.copyDigest = copyDigest
        self.pdfFile = pdfFile
        self.pdfDigest = pdfDigest
        self.withdrawal = withdrawal
    }
}

/// What the participant decided.
public enum ConsentDecision: String, Sendable, Hashable {
    /// Signed.
    case consented
    /// Declined at the agreement.
    case declined
}

/// A withdrawal of consent: when, by whom, and what the participant chose for the data already given.
public struct ConsentWithdrawal: Sendable, Hashable {
    /// When consent was withdrawn.
    public var date: Date
    /// Who withdrew it.
    public var by: ConsentWithdrawer
    /// Keep or remove the data already given.
    public var data: ConsentDataChoice

    /// Creates a withdrawal.
    public init(date: Date, by: ConsentWithdrawer, data: ConsentDataChoice) {
        self.date = date
        self.by = by
        self.data = data
    }
}

/// Who withdrew consent.
public enum ConsentWithdrawer: String, Sendable, Hashable {
    /// The participant, on their device.
    case participant
    /// A researcher, in the study database.
    case researcher
}

/// What a withdrawal asks for the data already given, as the consent document offers it.
public enum ConsentDataChoice: String, Sendable, Hashable {
    /// The answers already given stay in the study.
    case keep
    /// The answers already given are to be removed.
    case remove
}
