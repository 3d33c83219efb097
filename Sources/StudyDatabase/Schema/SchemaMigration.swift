/// One numbered step of the study schema's history: statements run in one transaction, recorded in
/// `regimen_schema_migration` (docs/study-database.md, "Schema and migrations").
struct SchemaMigration: Sendable {
    /// The schema version this step makes.
    let version: Int
    /// What it does, for `regimen study init`'s report.
    let name: String
    /// Its statements, in order.
    let statements: [String]
}
