// Replaced by the harness helper.
enum SlapdHarnessPlaceholder {}
