import ArgumentParser
import CareModel
import CareStore
import Crypto
import FHIRInterchange
import Foundation
import RegimenFoundation
import SystemPackage

/// `regimen consent show`: the signed copy of the latest signature, after checking its digests (docs/consent.md,
/// "The signed copy").
struct ConsentShowCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the signed copy of your consent, after checking it was not changed.",
        discussion: """
            The copy is the document exactly as it was shown, with your name, the date, the version and the SHA-256 of \
            the text. Its digest, and the PDF's, are checked against those recorded when it was signed: a changed copy \
            is refused (exit 65). With --format fhir it is a FHIR R4 Consent resource (a Bundle of them when several \
            documents are signed) whose sourceAttachment refers to the PDF (docs/consent.md, "FHIR").
            """)

    /// How the copy is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// The signed copy's text.
        case text
        /// A FHIR R4 Consent.
        case fhir
    }

    @Option(help: "Output format: text or fhir.")
    var format: Format = .text

    @Option(
        help: ArgumentHelp(
            "The consent document (default: every one signed, the latest signature of each).", valueName: "id"))
    var document: String?

    @OptionGroup var surveys: SurveyOptions
    @OptionGroup var storeOptions: StoreOptions

    func run(in app: RegimenApp) throws {
        let workspace = try Workspace.live(app)
        let store = try workspace.openStore(storeOptions, surveys: surveys)
        let records = try storeCall { () throws(CareStoreError) in try store.consentRecords(documentID: document) }
        var latest: [String: ConsentRecord] = [:]
        var order: [String] = []
        for record in records where record.decision == .consented {
            if latest[record.documentID] == nil { order.append(record.documentID) }
            latest[record.documentID] = record
        }
        guard !order.isEmpty else {
            throw RegimenError.failure(
                "no signed consent is kept in \(workspace.storePath(storeOptions.store).string)"
                    + (document.map { " for document '\($0)'" } ?? ""))
        }
        var shown: [String] = []
        var resources: [JSONValue] = []
        for id in order {
            guard let record = latest[id] else { continue }
            let text = try SignedConsentCopy.verifiedText(of: record)
            if format == .fhir {
                resources.append(try resource(record, text: text, timeZone: workspace.environment.timeZone))
                continue
            }
            var notes = ["Signed copy: \(record.copyFile ?? "")"]
            if let pdf = record.pdfFile { notes.append("PDF: \(pdf)") }
            notes.append("SHA-256 checked: the copy is as it was signed.")
            if let withdrawal = record.withdrawal {
                notes.append(
                    "Withdrawn on \(DayText.long(withdrawal.date, calendar: workspace.environment.calendar)) "
                        + "by the \(withdrawal.by.rawValue); the data already given: \(withdrawal.data.rawValue).")
            }
            shown.append(text + "\n" + notes.joined(separator: "\n") + "\n")
        }
        if format == .fhir {
            let document =
                resources.count == 1
                ? resources[0]
                : .object([
                    "resourceType": .string("Bundle"), "type": .string("collection"),
                    "entry": .array(resources.map { .object(["resource": $0]) }),
                ])
            print(JSONWriter.prettyText(document), terminator: "")
            return
        }
        print(shown.joined(separator: "\n"), terminator: "")
    }

    /// The Consent of a checked record: its PDF as the attachment (else the text copy), with FHIR's SHA-1 hash.
    private func resource(_ record: ConsentRecord, text: String, timeZone: TimeZone) throws(RegimenError) -> JSONValue {
        let file = record.pdfFile ?? record.copyFile ?? ""
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try FileBytes.read(FilePath(file))
        } catch {
            throw .file(error)
        }
        let title = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? record.documentID
        return ConsentExport.resource(
            record,
            attachment: ConsentExport.Attachment(
                url: URL(fileURLWithPath: file), contentType: record.pdfFile == nil ? "text/plain" : "application/pdf",
                hash: Data(Insecure.SHA1.hash(data: bytes)).base64EncodedString(),
                title: "\(title), \(record.documentID) version \(record.version)"),
            timeZone: timeZone)
    }
}
