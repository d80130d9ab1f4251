/// A course in the catalogue: `CSSE474 Theory of Computation`, 4 credits.
struct CatalogCourse: Hashable, Sendable {
    var subject: String
    var number: Int
    var title: String
    var credits: Int

    /// `CSSE474`.
    var code: String { "\(subject)\(number)" }
}

/// A department: the subject it teaches, its printed name, its catalogue and majors.
struct DepartmentCatalog: Sendable {
    var subject: String
    /// As instructor pages print it: `Comp Science and Software Eng`.
    var name: String
    /// Share of faculty and sections, in relative weight.
    var weight: Int
    /// The majors whose students take this department's courses most.
    var majors: [String]
    var courses: [CatalogCourse]

    init(_ subject: String, _ name: String, weight: Int, majors: [String], _ courses: [(Int, String)]) {
        self.subject = subject
        self.name = name
        self.weight = weight
        self.majors = majors
        self.courses = courses.map { CatalogCourse(subject: subject, number: $0.0, title: $0.1, credits: $0.0 >= 490 ? 2 : 4) }
    }

    /// A catalogue of `count` courses: the named ones, then numbered topics courses when a big campus needs more.
    func courses(count: Int) -> [CatalogCourse] {
        guard count > courses.count else { return courses }
        let used = Set(courses.map(\.number))
        let extra = (100...599).filter { !used.contains($0) && $0 % 100 != 0 }.prefix(count - courses.count)
        return courses + extra.map {
            CatalogCourse(subject: subject, number: $0, title: "Selected Topics \(subject)\($0)", credits: 4)
        }
    }

    /// Every department of the demo campus, in drop-down order.
    static let all: [DepartmentCatalog] = [
        DepartmentCatalog("BE", "Biology & Biomedical Engr", weight: 3, majors: ["BE", "BIO"], [
            (100, "Intro to Biomedical Engr"), (201, "Biomechanics"), (222, "Biomaterials"),
            (340, "Tissue Engineering"), (351, "Bioinstrumentation"), (410, "Medical Imaging"),
        ]),
        DepartmentCatalog("CHEM", "Chemistry & Biochemistry", weight: 4, majors: ["CHE", "CHEM"], [
            (111, "General Chemistry I"), (113, "General Chemistry II"), (115, "General Chemistry III"),
            (251, "Organic Chemistry I"), (252, "Organic Chemistry II"), (330, "Biochemistry"),
            (361, "Physical Chemistry"), (441, "Instrumental Analysis"),
        ]),
        DepartmentCatalog("CSSE", "Comp Science and Software Eng", weight: 8, majors: ["CS", "SE", "CS/SE", "CS/MA", "CPE/CS"], [
            (120, "Intro to Software Development"), (132, "Intro to Systems Programming"),
            (220, "Object-Oriented Software Dvlpm"), (230, "Data Structures & Algorithms"),
            (232, "Computer Architecture I"), (280, "Programming Language Concepts"),
            (304, "Programming Language Concepts"), (332, "Operating Systems"),
            (333, "Intro to Database Systems"), (343, "Cybercrime & Digital Forensics"),
            (371, "Software Requirements Engineer"), (373, "Formal Methods in Spec & Desn"),
            (374, "Software Design"), (375, "Software Construction & Evol"), (376, "Software Quality Assurance"),
            (403, "Programming Language Transl"), (413, "Artificial Intelligence"), (415, "Machine Learning"),
            (432, "Computer Graphics"), (473, "Design & Analysis of Algorithms"), (474, "Theory of Computation"),
            (490, "Topics in Computer Science"), (497, "Senior Project I"), (498, "Senior Project II"),
        ]),
        DepartmentCatalog("ECE", "Electrical & Computer Engr", weight: 5, majors: ["EE", "CPE", "CPE/CS"], [
            (160, "Engineering Practice"), (203, "DC Circuits"), (204, "AC Circuits"), (233, "Intro to Digital Systems"),
            (250, "Electronic Device Modeling"), (300, "Continuous-Time Signals"), (332, "Computer Architecture II"),
            (340, "Electromagnetic Fields"), (380, "Discrete-Time Signals"), (497, "Senior Design I"),
        ]),
        DepartmentCatalog("ENGL", "Humanities & Social Sciences", weight: 4, majors: [], [
            (101, "Rhetoric & Composition"), (231, "Technical & Professional Comm"), (300, "World Literature"),
            (305, "Science Fiction"), (320, "Writing for the Web"), (365, "Film & Culture"),
        ]),
        DepartmentCatalog("MA", "Mathematics", weight: 7, majors: ["MA", "CS/MA"], [
            (111, "Calculus I"), (112, "Calculus II"), (113, "Calculus III"), (211, "Differential Equations"),
            (212, "Matrix Algebra & Systems"), (221, "Matrix Algebra & Diff Eq I"), (223, "Engineering Statistics I"),
            (275, "Discrete & Combinatorial Alg"), (336, "Boundary Value Problems"), (371, "Linear Algebra I"),
            (381, "Intro Probability"), (415, "Machine Learning"), (474, "Theory of Computation"),
        ]),
        DepartmentCatalog("ME", "Mechanical Engineering", weight: 5, majors: ["ME"], [
            (123, "Computer Applications I"), (201, "Statics & Mechanics of Mat I"), (222, "Thermodynamics I"),
            (311, "Fluid Mechanics"), (317, "Design for Manufacturing"), (323, "Heat Transfer"),
            (406, "Control Systems"), (470, "Engineering Design I"),
        ]),
        DepartmentCatalog("PH", "Physics & Optical Engineering", weight: 4, majors: ["PH", "OE"], [
            (111, "Physics I"), (112, "Physics II"), (113, "Physics III"), (235, "Modern Physics"),
            (255, "Foundations of Modern Optics"), (316, "Electric & Magnetic Fields"), (401, "Quantum Mechanics"),
        ]),
    ]

    /// The department teaching `subject`.
    static func teaching(_ subject: String) -> DepartmentCatalog? {
        all.first { $0.subject == subject }
    }

    /// Courses taught under two subjects, printed as cross-listed twins (`CSSE474-02` and `MA474-02`).
    static let crossListed: [(primary: String, twin: String)] = [("CSSE474", "MA474"), ("CSSE415", "MA415")]
}
