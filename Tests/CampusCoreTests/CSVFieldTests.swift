import CampusCore
import Testing

@Suite("CSV fields are never live formulas")
struct CSVFieldTests {
    @Test("a field starting =, +, -, @, tab or carriage return is written after a quote mark, in both quotings")
    func formulasAreNeutralised() {
        for field in ["=HYPERLINK(\"http://x.example\",\"Dana\")", "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "-", "=", "+x"] {
            #expect(CSVField.isFormula(field), "\(field)")
            #expect(CSVField.write(field).hasPrefix("'") || CSVField.write(field).hasPrefix("\"'"), "\(field): \(CSVField.write(field))")
            #expect(CSVField.write(field, always: true).hasPrefix("\"'"), "\(field)")
        }
        #expect(CSVField.write("=1+1") == "'=1+1")
        #expect(CSVField.write("=HYPERLINK(\"a\",\"b\")") == "\"'=HYPERLINK(\"\"a\"\",\"\"b\"\")\"")
        #expect(CSVField.write("@x", always: true) == "\"'@x\"")
    }

    @Test("plain numbers, plain text and quoting are as RFC 4180 has them")
    func plainFieldsAreUnchanged() {
        for number in ["-3", "+2", "-2.5", "12"] {
            #expect(!CSVField.isFormula(number) && CSVField.write(number) == number, "\(number)")
        }
        #expect(CSVField.isFormula("-2.5.1") && CSVField.isFormula("-1e3") && CSVField.isFormula("-.5"))
        #expect(CSVField.write("Dana Whitfield") == "Dana Whitfield")
        #expect(CSVField.write("a,b") == "\"a,b\"")
        #expect(CSVField.write("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVField.write("one\ntwo") == "\"one\ntwo\"")
        #expect(CSVField.write("x", always: true) == "\"x\"")
        #expect(CSVField.write("a=b") == "a=b" && CSVField.write(" =1") == " =1")
    }

    @Test("a part after a separator a spreadsheet may split on (, ; tab, line break) is never a live formula either, and the field is quoted whole")
    func otherLocalesSeparatorsNeutralised() {
        #expect(CSVField.write("@SUM(1) ;=1+1") == "\"'@SUM(1) ;'=1+1\"")
        #expect(CSVField.write("Vale;=1+1") == "\"Vale;'=1+1\"")
        #expect(CSVField.write("x;=EVIL;") == "\"x;'=EVIL;\"")
        #expect(CSVField.write("G\t=2+2") == "\"G\t'=2+2\"")
        #expect(CSVField.write("a,+1+1") == "\"a,'+1+1\"")
        #expect(CSVField.write("a\n@x") == "\"a\n'@x\"")
        #expect(CSVField.write("a;\t=1") == "\"a;'\t'=1\"")
        #expect(CSVField.write("Dana; =1+1") == "\"Dana; =1+1\"", "a space first starts no formula")
        #expect(CSVField.write("a;-1") == "\"a;-1\"", "a plain number after a separator is left as it is")
        #expect(CSVField.write("MR/8:00/D104; W/12:00-1:50/D104") == "\"MR/8:00/D104; W/12:00-1:50/D104\"")
    }
}
