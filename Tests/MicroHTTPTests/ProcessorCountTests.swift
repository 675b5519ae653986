import Foundation
@testable import MicroHTTP
import Testing

@Test func cgroupV2QuotaIsRoundedUpToWholeProcessors() {
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "max 100000\n") == nil)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "100000 100000\n") == 1)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "150000 100000\n") == 2)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "10000 100000") == 1)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "400000 100000") == 4)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "") == nil)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "100000") == nil)
    #expect(HTTPServerConfiguration.quotaProcessors(cpuMax: "100000 0") == nil)
}

@Test func cgroupV1QuotaIsRoundedUpToWholeProcessors() {
    #expect(HTTPServerConfiguration.quotaProcessors(quota: "-1\n", period: "100000\n") == nil)
    #expect(HTTPServerConfiguration.quotaProcessors(quota: "50000\n", period: "100000\n") == 1)
    #expect(HTTPServerConfiguration.quotaProcessors(quota: "250000\n", period: "100000\n") == 3)
    #expect(HTTPServerConfiguration.quotaProcessors(quota: "x", period: "100000") == nil)
}

@Test func allowedProcessorsCountTheAffinityMaskBits() {
    let status = "Name:\tinsetd\nThreads:\t1\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n"
    #expect(HTTPServerConfiguration.allowedProcessors(status: status) == 2)
    // Groups of 32 CPUs, comma-separated: 0-3, 8 and 32-63.
    #expect(HTTPServerConfiguration.allowedProcessors(status: "Cpus_allowed:\tffffffff,0000010f\n") == 37)
    #expect(HTTPServerConfiguration.allowedProcessors(status: "Name:\tx\n") == nil)
    #expect(HTTPServerConfiguration.allowedProcessors(status: "Cpus_allowed:\tzz\n") == nil)
}

@Test func theDefaultPoolIsTwoThreadsPerAvailableProcessor() {
    let available = HTTPServerConfiguration.availableProcessors
    #expect(available >= 1)
    #expect(available <= ProcessInfo.processInfo.activeProcessorCount)
    #expect(HTTPServerConfiguration.defaultThreads == 2 * available)
    #expect(HTTPServerConfiguration().threads == HTTPServerConfiguration.defaultThreads)
}
