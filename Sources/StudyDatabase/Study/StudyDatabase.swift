import Foundation
import PostgresNIO

/// An open study: a connection to its database, checked to hold the current schema, and the study's id
/// (docs/study-database.md). Commands open one, work, and close it.
package struct StudyDatabase: Sendable {
    /// The connection.
    package let connection: StudyConnection
    /// The study's id.
    package let studyID: String

    /// What `initialize` did.
    package struct InitReport: Sendable, Equatable {
        /// Schema version before and after.
        package var schemaFrom: Int
        /// The schema version now.
        package var schemaTo: Int
        /// True when the study row was created (false: it existed).
        package var studyCreated: Bool
        /// Whether the reader and publisher roles hold their privileges.
        package var roles: AccessRoles.Outcome
    }

    /// `regimen study init`: creates or migrates the schema, creates study `studyID` unless it exists, and grants the
    /// study roles. Idempotent.
    package static func initialize(
        url: DatabaseURL, role: String?, studyID: String
    ) async throws(StudyDatabaseError) -> InitReport {
        guard studyID.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9._-]{0,63}/) != nil else { throw .invalidStudyID(studyID) }
        let connection = try await StudyConnection.open(url, role: role)
        do throws(StudyDatabaseError) {
            let (from, to) = try await SchemaMigrations.migrate(connection)
            let created = try await StudyTable.create(id: studyID, connection)
            let roles = try await AccessRoles.grant(connection)
            await connection.close()
            return InitReport(schemaFrom: from, schemaTo: to, studyCreated: created, roles: roles)
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Opens study `studyID` (or the database's only study when nil): the schema must be the current one.
    package static func open(url: DatabaseURL, role: String?, studyID: String?) async throws(StudyDatabaseError)
        -> StudyDatabase
    {
        let connection = try await StudyConnection.open(url, role: role)
        do throws(StudyDatabaseError) {
            let version = try await SchemaMigrations.version(connection)
            guard version > 0 else { throw StudyDatabaseError.notInitialized(database: url.database) }
            guard version <= SchemaMigrations.current else {
                throw StudyDatabaseError.schemaTooNew(found: version, current: SchemaMigrations.current)
            }
            guard version == SchemaMigrations.current else {
                throw StudyDatabaseError.schemaOutdated(found: version, current: SchemaMigrations.current)
            }
            let known = try await StudyTable.ids(connection)
            let id: String
            if let studyID {
                guard known.contains(studyID) else { throw StudyDatabaseError.studyNotFound(id: studyID, known: known) }
                id = studyID
            } else {
                guard known.count == 1, let only = known.first else {
                    throw StudyDatabaseError.studyNotNamed(known: known)
                }
                id = only
            }
            return StudyDatabase(connection: connection, studyID: id)
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Another connection to the same database and study, as the same role: for work that runs beside this
    /// connection's (ingest stores two participants at once).
    package func openAnother() async throws(StudyDatabaseError) -> StudyDatabase {
        let role = connection.role == connection.url.user ? nil : connection.role
        return StudyDatabase(connection: try await StudyConnection.open(connection.url, role: role), studyID: studyID)
    }

    /// Closes the connection.
    package func close() async {
        await connection.close()
    }
}
