import Foundation
import RegimenCommands
import RegimenFoundation
import StudyAPI
import SystemPackage

/// The device's credential for the study service (docs/study-service.md, "On the device"): the bearer token and the
/// CA file to trust, in a 0600 JSON file beside the store, `STORE.device-token` — not inside the store, so a copied or
/// backed-up store carries no credential. It names its device, so a file beside another store is not used.
struct DeviceCredentialFile: Codable, Sendable, Equatable {
    /// The device the token belongs to.
    var device: UUID
    /// The bearer token.
    var token: String
    /// A PEM file of the authorities trusted to sign the service's certificate; nil: the system's.
    var caFile: String?

    /// The file beside the store at `storePath`.
    static func path(besideStore storePath: String) -> String {
        storePath + ".device-token"
    }

    /// Writes it beside the store at `storePath`, replacing an older one atomically, mode 0600.
    func write(besideStore storePath: String) throws(RegimenError) {
        let path = Self.path(besideStore: storePath)
        let bytes: Data
        do throws(JSONPlaceError) {
            bytes = try APIJSON.encode(self, pretty: true)
        } catch {
            throw .failure("\(path): cannot be written (\(error.problem))")
        }
        do throws(FileError) {
            try PrivateFiles.writeAtomically(FilePath(path), bytes: bytes)
        } catch {
            throw .file(error)
        }
    }

    /// The credential beside the store at `storePath` for device `device`: a missing, unreadable or foreign file is
    /// an error saying what to do.
    static func read(besideStore storePath: String, device: UUID) throws(RegimenError) -> DeviceCredentialFile {
        let path = path(besideStore: storePath)
        guard FileManager.default.fileExists(atPath: path) else {
            throw .failure(
                "\(path) is missing: this store has no token for the study service (a store copied without it, or "
                    + "enrolled before the service). Ask the study team for a new code and run regimen enroll CODE --new-device"
            )
        }
        let bytes = try InputFile.bytes(FilePath(path))
        let credential: DeviceCredentialFile
        do throws(JSONPlaceError) {
            credential = try APIJSON.decode(DeviceCredentialFile.self, from: Data(bytes))
        } catch {
            throw .badData("\(path): \(error.place): \(error.problem)")
        }
        guard credential.device == device else {
            throw .failure(
                "\(path) belongs to another device than this store's: ask the study team for a new code and run regimen "
                    + "enroll CODE --new-device")
        }
        return credential
    }
}
