import CareModel
import Foundation
import RegimenFoundation
import ResearchTasks
import SystemPackage

/// The signed copy of a consent (docs/consent.md, "The signed copy"): exactly the document text shown, then the
/// signature block (name, date, document, version, language, the digest of the text above). Kept as plain text and
/// PDF, owner-only, beside the result file; the store keeps the SHA-256 of each file, checked on every read.
enum SignedConsentCopy {
    /// The line between the document text and the signature block.
    static let separator = String(repeating: "-", count: 40)
    /// The signature block's label of the document digest.
    static let digestLabel = "SHA-256 of the document text above the line: "

    /// The copy's text: `content.documentText` as shown, then the signature block.
    static func text(_ content: ConsentReviewContent, signature: ConsentSignature, taskRunUUID: UUID) -> String {
        let given = signature.givenName ?? ""
        let family = signature.familyName ?? ""
        let document = content.document
        let block = [
            separator,
            "Signed by: \(given) \(family)",
            "Given name: \(given)",
            "Family name: \(family)",
            "Signature date: \(signature.signatureDate ?? "")",
            "Document: \(document.identifier)",
            "Version: \(document.version)",
            "Effective: \(document.effectiveDate)",
            "Language: \(document.language ?? "-")",
            "Run: \(taskRunUUID.uuidString)",
            digestLabel + content.digest,
        ]
        return content.documentText + block.joined(separator: "\n") + "\n"
    }

    /// The copy's file names beside `resultFile`: `<result name>.consent.txt` and `.consent.pdf`.
    static func files(beside resultFile: URL) -> (text: FilePath, pdf: FilePath) {
        let stem = resultFile.deletingPathExtension().path
        return (FilePath(stem + ".consent.txt"), FilePath(stem + ".consent.pdf"))
    }

    /// The SHA-256 of `bytes`, in lower-case hex.
    static func digest(_ bytes: [UInt8]) -> String {
        ConsentReviewContent.digest(of: bytes)
    }

    /// Why a kept copy does not check out.
    enum Problem: Equatable {
        /// The file's digest is not the one recorded when it was written.
        case changed(file: String)
        /// The document text no longer has the digest the signature block and the record name.
        case documentChanged(file: String)
        /// The file is not there.
        case missing(file: String)
    }

    /// The copy of `record`, read and checked: the file's SHA-256 must be the one recorded, and its document text the
    /// one signed (the digest in its signature block and in the record); the PDF's SHA-256 too, when there is one.
    /// A copy that does not check out is bad data (exit 65), named with its file.
    static func verifiedText(of record: ConsentRecord) throws(RegimenError) -> String {
        guard let file = record.copyFile else { throw .badData(ProblemReport(.missing(file: "(no copy)")).message) }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileBytes.read(FilePath(file))
        } catch {
            if error.errno == .noSuchFileOrDirectory { throw .badData(ProblemReport(.missing(file: file)).message) }
            throw .file(error)
        }
        guard digest(bytes) == record.copyDigest else { throw .badData(ProblemReport(.changed(file: file)).message) }
        let text = String(decoding: bytes, as: UTF8.self)
        let marker = "\n" + separator + "\n"
        guard let split = text.range(of: marker, options: .backwards) else {
            throw .badData(ProblemReport(.documentChanged(file: file)).message)
        }
        let document = String(text[..<split.lowerBound]) + "\n"
        let stated = text[split.upperBound...].split(separator: "\n").first { $0.hasPrefix(digestLabel) }
            .map { String($0.dropFirst(digestLabel.count)) }
        let computed = ConsentReviewContent.digest(of: document)
        guard computed == record.digest, stated == record.digest else {
            throw .badData(ProblemReport(.documentChanged(file: file)).message)
        }
        if let pdf = record.pdfFile {
            let pdfBytes: [UInt8]
            do throws(FileError) {
                pdfBytes = try FileBytes.read(FilePath(pdf))
            } catch {
                if error.errno == .noSuchFileOrDirectory { throw .badData(ProblemReport(.missing(file: pdf)).message) }
                throw .file(error)
            }
            guard digest(pdfBytes) == record.pdfDigest else {
                throw .badData(ProblemReport(.changed(file: pdf)).message)
            }
        }
        return text
    }

    /// A problem found in a kept copy (`RegimenError.badData`, exit 65).
    struct ProblemReport: Equatable {
        var problem: Problem
        init(_ problem: Problem) { self.problem = problem }

        /// The message: the file and what is wrong with it, never its contents.
        var message: String {
            switch problem {
            case .changed(let file):
                "\(file): the signed consent copy was changed after it was written (its SHA-256 is not the one recorded)"
            case .documentChanged(let file):
                "\(file): the document text of the signed consent copy is not the text signed (its SHA-256 differs)"
            case .missing(let file):
                "\(file): the signed consent copy is missing"
            }
        }
    }
}
