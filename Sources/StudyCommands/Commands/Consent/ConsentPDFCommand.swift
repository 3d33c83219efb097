import ArgumentParser
import ConsentPDF
import RegimenCommands
import RegimenFoundation
import SystemPackage

/// `regimen-study consent-pdf TEXT PDF`: the PDF of a signed consent copy, which `regimen run` asks of this program
/// because only it links Pango and cairo (docs/consent.md, "The signed copy"). Not listed in the help.
struct ConsentPDFCommand: AppCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent-pdf",
        abstract: "Write the PDF of a signed consent copy (run by regimen run).",
        shouldDisplay: false)

    @Argument(help: ArgumentHelp("The signed copy's plain text.", valueName: "text"))
    var text: String

    @Argument(help: ArgumentHelp("The PDF to write (owner-only).", valueName: "pdf"))
    var pdf: String

    @Option(help: "The PDF's title.")
    var title: String

    @Option(help: "The signature day, yyyy-MM-dd: the PDF's only date.")
    var day: String

    @Option(help: "The language of the text (BCP 47), which picks the CJK font.")
    var language: String?

    func run(in app: RegimenApp) throws {
        let source: [UInt8]
        do throws(FileError) {
            source = try FileBytes.read(FilePath(text))
        } catch {
            throw RegimenError.file(error)
        }
        let bytes: [UInt8]
        do throws(ConsentPDF.Failure) {
            bytes = try ConsentPDF.render(
                text: String(decoding: source, as: UTF8.self), title: title, day: day, language: language)
        } catch {
            throw RegimenError.failure("\(pdf): the PDF cannot be made (cairo: \(error))")
        }
        do throws(FileError) {
            try PrivateFiles.writeAtomically(FilePath(pdf), bytes: bytes)
        } catch {
            throw RegimenError.file(error)
        }
    }
}
