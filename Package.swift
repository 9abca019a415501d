// swift-tools-version: 6.0
import PackageDescription

// No package dependencies, not even for tests: the toolchain only.
let package = Package(
    name: "TransitionCoordinator",
    // Task executors need these OS versions on Apple platforms.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "TransitionCoordinator", targets: ["TransitionCoordinator"]),
    ],
    targets: [
        .target(name: "TransitionCoordinator", path: "Sources/TransitionCoordinator"),
        .target(name: "StressHarness", dependencies: ["TransitionCoordinator"], path: "Stress/Harness"),
        .target(name: "StressBench", dependencies: ["TransitionCoordinator"], path: "Stress/Bench"),
        .executableTarget(name: "stress", dependencies: ["StressHarness", "StressBench", "TransitionCoordinator"],
                          path: "Stress/CLI"),
        .testTarget(name: "TransitionCoordinatorTests", dependencies: ["TransitionCoordinator"],
                    path: "Tests/TransitionCoordinatorTests"),
        .testTarget(name: "StressHarnessTests", dependencies: ["StressHarness", "TransitionCoordinator"],
                    path: "Tests/StressHarnessTests"),
        .testTarget(name: "StressBenchTests", dependencies: ["StressBench", "TransitionCoordinator"],
                    path: "Tests/StressBenchTests"),
    ],
    swiftLanguageModes: [.v6]
)
