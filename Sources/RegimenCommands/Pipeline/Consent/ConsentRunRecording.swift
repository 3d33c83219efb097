import CareModel
import CareStore
import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage

/// What a consent run leaves (docs/consent.md, "What is kept"): a decline is recorded and nothing else; a signature
/// gets its signed copy, plain text and PDF, beside the result file, and a record holding each file's digest.
struct ConsentRunRecording {
    let store: CareStore
    /// The document as shown, in the participant's language.
    let content: ConsentReviewContent

    /// The consent result of a run's tree, nil when it holds none.
    static func consent(in result: TaskResult) -> ConsentSignatureResult? {
        for step in result.results {
            for child in step.results { if case .consentSignature(let consent) = child { return consent } }
        }
        return nil
    }

    /// Records a decline: the document, version and digest shown, and when; no name, no answer.
    func recordDecline(_ consent: ConsentSignatureResult) throws(RegimenError) {
        try storeCall { () throws(CareStoreError) in
            try store.addConsentRecord(
                ConsentRecord(
                    uuid: UUID(), documentID: content.document.identifier, version: content.document.version,
                    digest: content.digest, language: content.document.language, decision: .declined,
                    decidedDate: consent.endDate))
        }
    }

    /// Writes the signed copy beside `resultFile` (text, then PDF) and records the signature; the text copy's path,
    /// and a warning when the PDF could not be made (the text copy is kept either way).
    func recordSignature(
        _ consent: ConsentSignatureResult, taskRunUUID: UUID, resultFile: URL
    ) throws(RegimenError) -> (copy: FilePath, warning: String?) {
        let signature =
            consent.signature
            ?? ConsentSignature(identifier: consent.identifier, givenName: nil, familyName: nil, signatureDate: nil)
        let text = SignedConsentCopy.text(content, signature: signature, taskRunUUID: taskRunUUID)
        let bytes = Array(text.utf8)
        let files = SignedConsentCopy.files(beside: resultFile)
        do throws(FileError) {
            try PrivateFiles.writeAtomically(files.text, bytes: bytes)
        } catch {
            throw .file(error)
        }
        var record = ConsentRecord(
            uuid: UUID(), documentID: content.document.identifier, version: content.document.version,
            digest: content.digest, language: content.document.language, decision: .consented,
            decidedDate: consent.endDate, signatureDate: signature.signatureDate, taskRunUUID: taskRunUUID,
            copyFile: files.text.string, copyDigest: SignedConsentCopy.digest(bytes))
        let title = content.document.title ?? content.document.identifier
        var warning = ConsentPDFProgram.make(
            text: files.text, pdf: files.pdf, title: "\(title) \(content.document.version)",
            day: signature.signatureDate ?? content.document.effectiveDate, language: content.document.language)
        if warning == nil {
            do throws(FileError) {
                record.pdfDigest = SignedConsentCopy.digest(try FileBytes.read(files.pdf))
                record.pdfFile = files.pdf.string
            } catch {
                warning = error.description
            }
        }
        let made = record
        try storeCall { () throws(CareStoreError) in try store.addConsentRecord(made) }
        return (
            files.text, warning.map { "the PDF of the signed consent copy was not made: \($0); the text copy is kept" }
        )
    }
}
