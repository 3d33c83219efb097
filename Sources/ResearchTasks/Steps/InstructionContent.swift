/// The body of an instruction or completion step.
package struct InstructionContent: Sendable, Hashable {
    /// Bullet points (ResearchKit's body items), in display order.
    package var bulletPoints: [String]

    /// Creates instruction content.
    package init(bulletPoints: [String] = []) {
        self.bulletPoints = bulletPoints
    }
}
