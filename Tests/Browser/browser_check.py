#!/usr/bin/env python3
"""The web app in a real browser: Debian's chromium driven by Selenium through Debian's
chromium-driver, against a live `campus serve` on the demo campus (scripts/browser-check starts
it, with a real slapd for log-in).

The flows of issue 11: log in (by keyboard only), find a person as you type, a roster the
policy allows and one it denies, three people and when they can meet, free rooms now, a
subscribe link; of issue 20: my record, my devices, and friends (ask, accept, a friend's week,
an overlay of us, share by the form, revoke); of issue 43: a terminal's log-in approved by keyboard; on every page an accessibility audit (axe-core: no serious or critical
violation), no sideways scrolling of the page at phone width, and at most 100 KB transferred;
screenshots of every page at phone (390x844) and desktop (1280x900) size.

Usage: browser_check.py BASE_URL SCREENSHOT_FOLDER AXE_JS
"""
import json
import os
import sys
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

BASE, SHOTS, AXE = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
PHONE, DESKTOP = (390, 844), (1280, 900)
failures = []
checked_pages = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def browser():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--lang=en-US"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(60)
    driver.set_window_size(*PHONE)
    return driver


def wait(driver, condition, seconds=20):
    return WebDriverWait(driver, seconds).until(condition)


def follow(driver, element):
    """Clicks a link or a form's button and waits until the browser has left the page it was on:
    a wait on the next page's title alone returns at once when that page has the same title."""
    element.click()
    wait(driver, gone(element))


def gone(element):
    """A wait condition: `element`'s page has gone. selenium's staleness_of, also when Chromium says so in
    other words: asked mid-navigation, it can answer "Node with given id does not belong to the document"."""
    def check(_driver):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise
    return check


def audit(driver, name):
    """axe-core on the page as it is, the transfer size, sideways scrolling, then screenshots at both sizes."""
    with open(AXE, encoding="utf-8") as source:
        driver.execute_script(source.read())
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations)).catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
    bad = [v for v in result if v.get("impact") in ("serious", "critical")]
    for violation in bad:
        targets = [", ".join(node.get("target", [])) for node in violation.get("nodes", [])][:3]
        print("     %s (%s): %s at %s" % (violation["id"], violation["impact"], violation["help"], targets))
    check(not bad, "%s: no serious or critical accessibility violation (axe-core %s)" % (
        name, driver.execute_script("return axe.version")))
    others = [v["id"] for v in result if v not in bad]
    if others:
        print("     %s: minor or moderate, noted: %s" % (name, ", ".join(others)))
    transferred = driver.execute_script(
        "const nav = performance.getEntriesByType('navigation')[0];"
        "const rest = performance.getEntriesByType('resource').reduce((sum, r) => sum + (r.transferSize || 0), 0);"
        "return (nav ? nav.transferSize : 0) + rest;")
    check(transferred < 100_000, "%s: %d bytes transferred (under 100 KB)" % (name, transferred))
    overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
    check(overflow <= 1, "%s: the page does not scroll sideways at %d px (overflow %d px)" % (name, driver.get_window_size()["width"], overflow))
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        driver.set_window_size(*size)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(size[0], min(max(size[1], height + 140), 8000))
        driver.save_screenshot(os.path.join(SHOTS, "%s-%s.png" % (label, name)))
    driver.set_window_size(*PHONE)
    checked_pages.append(name)


def log_in_by_keyboard(driver, username):
    driver.get(BASE + "/login")
    active = driver.switch_to.active_element
    check(active.get_attribute("id") == "username", "log-in: the username field has the focus on arrival")
    active.send_keys(username)
    active.send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    check(active.get_attribute("id") == "password", "log-in: Tab moves to the password field")
    active.send_keys("demo-" + username)
    active.send_keys(Keys.ENTER)
    wait(driver, EC.url_to_be(BASE + "/"))
    check(driver.current_url == BASE + "/", "log-in as %s by keyboard only lands on my week" % username)


def switch_to(driver, username):
    """Logs out by the page's button, then in as `username` by keyboard."""
    follow(driver, driver.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Log out')]"))
    wait(driver, EC.url_contains("/login"))
    log_in_by_keyboard(driver, username)


def notice(driver):
    return driver.find_element(By.CSS_SELECTOR, ".notice").text


def main():
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser()
    try:
        # Log in, by keyboard only, after a wrong password.
        driver.get(BASE + "/")
        check(driver.current_url.startswith(BASE + "/login"), "without a session the browser is sent to log in")
        audit(driver, "login")
        driver.find_element(By.ID, "username").send_keys("brennam")
        driver.find_element(By.ID, "password").send_keys("wrong" + Keys.ENTER)
        alert = wait(driver, EC.presence_of_element_located((By.ID, "login-error")))
        check("do not match" in alert.text, "a wrong password says so, on the form again")
        log_in_by_keyboard(driver, "brennam")

        # My week: now, today, the week grid; the skip link first in the tab order.
        h1 = driver.find_element(By.TAG_NAME, "h1").text
        check(h1 == "Morgan Brennan", "my week is headed with my name (%s)" % h1)
        check(driver.find_element(By.ID, "now-heading").text in ("Now", "Next"), "my week says where to be now or next")
        check(len(driver.find_elements(By.CSS_SELECTOR, ".today-list li a")) > 0, "today's classes are listed")
        check(len(driver.find_elements(By.CSS_SELECTOR, "table.week td a")) > 0, "the week grid shows my classes")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        first = driver.switch_to.active_element
        check(first.text == "Skip to content", "the first Tab reaches the skip link")
        first.send_keys(Keys.ENTER)
        check(driver.switch_to.active_element.get_attribute("id") == "main", "the skip link moves the focus to the content")
        audit(driver, "me")
        follow(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "My schedule"))
        wait(driver, EC.title_contains("Schedule of"))
        ics = driver.find_element(By.PARTIAL_LINK_TEXT, "(.ics)").get_attribute("href")
        text = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done);", ics)
        check(text.startswith("BEGIN:VCALENDAR") and "RRULE:FREQ=WEEKLY" in text, "my schedule downloads as iCalendar")
        audit(driver, "schedule")

        # Find a person as you type, with no Enter.
        follow(driver, driver.find_element(By.LINK_TEXT, "Search"))
        box = wait(driver, EC.presence_of_element_located((By.ID, "q")))
        box.send_keys("whitf")
        wait(driver, EC.text_to_be_present_in_element((By.ID, "results"), "Dana Whitfield"))
        check("/search" in driver.current_url, "results appear as I type, on the same page")
        audit(driver, "search")
        follow(driver, driver.find_element(By.LINK_TEXT, "Dana Whitfield"))
        wait(driver, EC.title_contains("Dana Whitfield"))
        links = [a.get_attribute("href") or "" for a in driver.find_elements(By.CSS_SELECTOR, "a")]
        check(any(h.startswith("tel:") for h in links) and any(h.startswith("mailto:") for h in links), "the card has tel: and mailto: links")
        vcard = driver.find_element(By.PARTIAL_LINK_TEXT, "vCard")
        check(vcard.get_attribute("download") is not None, "the vCard downloads")
        card = driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done);", vcard.get_attribute("href"))
        check(card.startswith("BEGIN:VCARD"), "the vCard is one")
        audit(driver, "person")

        # A roster the policy allows (my own section: names and e-mail), and one it denies.
        driver.get(BASE + "/")
        follow(driver, driver.find_element(By.CSS_SELECTOR, "a[href^='/sections/CHEM111-02']"))
        wait(driver, EC.title_contains("CHEM111-02"))
        audit(driver, "section")
        follow(driver, driver.find_element(By.LINK_TEXT, "Roster"))
        wait(driver, EC.title_contains("Roster of CHEM111-02"))
        rows = driver.find_elements(By.CSS_SELECTOR, "table.list tbody tr")
        check(len(rows) > 5, "the roster of my own section lists my classmates (%d)" % len(rows))
        check("Major" not in driver.find_element(By.TAG_NAME, "table").text, "a classmate sees names and e-mail only")
        check(driver.find_element(By.LINK_TEXT, "E-mail the class").get_attribute("href").startswith("mailto:?bcc="), "e-mail the class")
        audit(driver, "roster")
        driver.get(BASE + "/sections/CSSE474-02/roster?term=202630")
        check("rule 'roster'" in driver.find_element(By.CSS_SELECTOR, ".problem").text, "a roster the policy denies names the rule")
        audit(driver, "roster-denied")

        # Free rooms now, and one of them.
        follow(driver, driver.find_element(By.LINK_TEXT, "Free rooms"))
        wait(driver, EC.title_contains("Free rooms"))
        heading = driver.find_element(By.CSS_SELECTOR, "main h2").text
        rooms = driver.find_elements(By.CSS_SELECTOR, "table.list tbody th a")
        check(heading.startswith("Free now") and len(rooms) > 0, "free rooms now: %s, %d rooms" % (heading, len(rooms)))
        audit(driver, "free-rooms")
        day = Select(driver.find_element(By.ID, "day"))
        day.select_by_value(next(o.get_attribute("value") for o in day.options if not o.is_selected()))
        check(driver.find_element(By.ID, "when-at").is_selected(), "choosing a day ticks 'At'")
        follow(driver, rooms[0])
        wait(driver, EC.title_contains("Room"))
        check("Free now" in driver.find_element(By.CSS_SELECTOR, ".status").text, "a free room's page says it is free now")
        audit(driver, "room")

        # A subscribe link: made, shown once with a copy button, served without log-in, revoked.
        follow(driver, driver.find_element(By.LINK_TEXT, "Shares"))
        wait(driver, EC.title_contains("Shared calendars"))
        follow(driver, driver.find_element(By.XPATH, "//button[text()='Make the link']"))
        field = wait(driver, EC.presence_of_element_located((By.ID, "share-url")))
        url = field.get_attribute("value")
        check("/v1/feeds/" in url, "a subscribe link is made")
        check(driver.find_element(By.CSS_SELECTOR, "button[data-copy]").is_displayed(), "with a copy button")
        audit(driver, "share-made")
        with urllib.request.urlopen(url) as response:
            check(response.status == 200 and response.read().startswith(b"BEGIN:VCALENDAR"), "the feed serves my calendar without a log-in")
        driver.get(BASE + "/shares")
        audit(driver, "shares")
        follow(driver, driver.find_element(By.XPATH, "//button[text()='Revoke']"))
        wait(driver, EC.title_contains("Shared calendars"))
        try:
            urllib.request.urlopen(url)
            check(False, "a revoked link stops working")
        except urllib.error.HTTPError as error:
            check(error.code == 404, "a revoked link stops working (404)")

        # Who saw my records: reached from the shares page.
        follow(driver, driver.find_element(By.LINK_TEXT, "See who saw my records"))
        wait(driver, EC.title_contains("Who saw my records"))
        check(driver.find_elements(By.CSS_SELECTOR, "ul.cards li"), "my record lists what was seen, or says nothing was")
        audit(driver, "record")
        driver.get(BASE + "/sessions")
        wait(driver, EC.title_contains("My devices"))
        check("this device" in driver.find_element(By.TAG_NAME, "main").text, "my devices marks this one")
        audit(driver, "devices")

        # Alerts: the inbox with its unread count, and what I hear about, saved by the form.
        follow(driver, driver.find_element(By.LINK_TEXT, "Alerts"))
        wait(driver, EC.title_contains("Alerts"))
        check("Nothing unread" in driver.find_element(By.TAG_NAME, "main").text, "alerts: the inbox says what is unread")
        audit(driver, "alerts")
        driver.find_element(By.XPATH, "//input[@name='delivery'][@value='daily']").click()
        driver.find_element(By.ID, "follows").send_keys("202630 CSSE474-01")
        follow(driver, driver.find_element(By.XPATH, "//button[text()='Save']"))
        wait(driver, EC.title_contains("Alerts"))
        check(notice(driver).startswith("Saved"), "alerts: the settings are saved")
        check(driver.find_element(By.ID, "follows").get_attribute("value") == "202630 CSSE474-01", "alerts: the followed section is kept")
        check(driver.find_element(By.XPATH, "//input[@name='delivery'][@value='daily']").is_selected(), "alerts: once a day is kept")
        audit(driver, "alerts-saved")

        # A meeting with someone whose week I may not see: refused, naming them.
        driver.get(BASE + "/meet?members=brennam+fenwicp&term=202630")
        check("fenwicp" in driver.find_element(By.CSS_SELECTOR, ".problem").text, "a member I may not see is named")
        audit(driver, "meet-denied")

        # Friends, by consent: brennam asks fenwicp from her page; fenwicp accepts; brennam sees her
        # week and they meet; fenwicp revokes, and the meeting is refused again at once.
        driver.get(BASE + "/people/fenwicp")
        follow(driver, driver.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Ask ')]"))
        wait(driver, EC.title_contains("Friends"))
        check(notice(driver).startswith("Asked"), "ask: a person's page asks them to share their week")
        check("fenwicp" in driver.find_element(By.TAG_NAME, "main").text, "ask: my request is listed, not answered yet")
        audit(driver, "friends")
        switch_to(driver, "fenwicp")
        follow(driver, driver.find_element(By.LINK_TEXT, "Friends"))
        wait(driver, EC.title_contains("Friends"))
        audit(driver, "friends-asked")
        follow(driver, driver.find_element(By.XPATH, "//button[normalize-space(.)='Share with brennam']"))
        wait(driver, EC.title_contains("Friends"))
        check(notice(driver).startswith("Accepted"), "accept: the request is accepted")
        check("brennam" in driver.find_element(By.XPATH, "//h2[text()='I share my week with']/following-sibling::ul[1]").text,
              "accept: brennam is listed among whom I share with")
        switch_to(driver, "brennam")
        driver.get(BASE + "/sharing")
        follow(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "fenwicp"))
        wait(driver, EC.title_contains("Schedule of"))
        check(len(driver.find_elements(By.CSS_SELECTOR, "table.week td a")) > 0, "a friend's week is shown once she shares it")
        audit(driver, "friend-week")
        driver.get(BASE + "/meet?members=brennam+fenwicp&term=202630")
        wait(driver, EC.presence_of_element_located((By.CSS_SELECTOR, "ol.slots")))
        check(len(driver.find_elements(By.CSS_SELECTOR, "ol.slots li.card")) > 0, "overlay: we two can meet now that she shares")
        audit(driver, "meet-shared")
        driver.get(BASE + "/sharing")
        driver.find_element(By.ID, "with").send_keys("fenwicp")
        Select(driver.find_element(By.ID, "term")).select_by_value("current")
        driver.find_element(By.ID, "purpose").send_keys("lab partners")
        follow(driver, driver.find_element(By.XPATH, "//button[text()='Share my week']"))
        wait(driver, EC.title_contains("Friends"))
        check(notice(driver).startswith("Shared"), "share: my week is shared by the form")
        given = driver.find_element(By.XPATH, "//h2[text()='I share my week with']/following-sibling::ul[1]").text
        check("fenwicp" in given and "the term 202630" in given and "lab partners" in given, "share: listed, for this term, with its purpose")
        audit(driver, "friends-shared")
        switch_to(driver, "fenwicp")
        driver.get(BASE + "/sharing")
        follow(driver, driver.find_element(By.XPATH, "//button[@aria-label='Stop sharing my week with brennam']"))
        wait(driver, EC.title_contains("Friends"))
        check(notice(driver).startswith("Revoked"), "revoke: the consent is revoked")
        switch_to(driver, "brennam")
        driver.get(BASE + "/meet?members=brennam+fenwicp&term=202630")
        check("fenwicp" in driver.find_element(By.CSS_SELECTOR, ".problem").text, "revoke: the meeting is refused again at once")

        # Three people and when they can meet: the advisor (me, counted in by the form) and two advisees.
        switch_to(driver, "whitfid")
        follow(driver, driver.find_element(By.LINK_TEXT, "Meet"))
        members = wait(driver, EC.presence_of_element_located((By.ID, "members")))
        audit(driver, "meet-form")
        check(driver.find_element(By.ID, "me").is_selected(), "a new meeting counts me in")
        members.send_keys("brennam fenwicp")
        follow(driver, driver.find_element(By.XPATH, "//button[text()='Find times']"))
        wait(driver, EC.presence_of_element_located((By.CSS_SELECTOR, "ol.slots")))
        check("Dana Whitfield" in driver.find_element(By.CSS_SELECTOR, "main h2 + p").text, "me among the three")
        times = driver.find_elements(By.CSS_SELECTOR, "ol.slots li.card")
        check(len(times) > 0, "three people: the best times (%d)" % len(times))
        check(len(driver.find_elements(By.CSS_SELECTOR, "table.busy td[class^='level-']")) > 20, "the coloured who-is-busy grid")
        invitation = driver.find_element(By.PARTIAL_LINK_TEXT, "Download invitation 1").get_attribute("href")
        ics = driver.execute_async_script("const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done);", invitation)
        check(ics.startswith("BEGIN:VCALENDAR") and "ATTENDEE" in ics, "the invitation downloads, with the attendees")
        audit(driver, "meet")

        # campus login by the device grant (RFC 8628), approved on the web by keyboard only.
        start = urllib.request.Request(BASE + "/v1/device/authorize", data=b"client=lab-pc", method="POST")
        grant = json.load(urllib.request.urlopen(start))
        driver.get(BASE + "/device")
        active = driver.switch_to.active_element
        check(active.get_attribute("id") == "code", "device: the code field has the focus on arrival")
        active.send_keys(grant["user_code"] + Keys.ENTER)
        wait(driver, EC.presence_of_element_located((By.XPATH, "//button[text()='Approve']")))
        check("campus on lab-pc wants to look things up as you, whitfid" in driver.find_element(By.TAG_NAME, "main").text,
              "device: the page names the terminal and whose rights it asks for")
        audit(driver, "device-approve")
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        for _ in range(40):
            if driver.switch_to.active_element.text == "Approve":
                break
            driver.switch_to.active_element.send_keys(Keys.TAB)
        check(driver.switch_to.active_element.text == "Approve", "device: Tab reaches Approve")
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        approved = wait(driver, EC.presence_of_element_located((By.CSS_SELECTOR, ".notice")))
        check(approved.text.startswith("Approved."), "device: approved by keyboard (%s)" % approved.text)
        form = ("grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=" + grant["device_code"]).encode()
        token = json.load(urllib.request.urlopen(urllib.request.Request(BASE + "/v1/device/token", data=form, method="POST")))
        me = urllib.request.Request(BASE + "/v1/me", headers={"Authorization": "Bearer " + token["access_token"]})
        check(json.load(urllib.request.urlopen(me))["card"]["username"] == "whitfid", "device: the terminal's session is whitfid's")
        driver.get(BASE + "/sessions")
        check("campus on lab-pc" in driver.find_element(By.TAG_NAME, "main").text, "device: listed under My devices")
    finally:
        driver.quit()
    print("%d checks failed; pages audited: %s; screenshots in %s" % (len(failures), ", ".join(checked_pages), SHOTS))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
