public enum StressHarnessPlaceholder {}
