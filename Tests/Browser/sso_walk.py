#!/usr/bin/env python3
"""Single sign-on in a real browser: Debian's chromium (Selenium, chromium-driver) against a
`campus serve` whose only way in is SAML at LemonLDAP::NG (scripts/browser-check starts both,
over the demo's slapd). By keyboard only: the log-in page's one button, the IdP's own form, back
to my week; then log out, which logs out at the IdP too (SAML single logout), so that signing in
again asks for the password.

Usage: sso_walk.py BASE_URL IDP_URL SCREENSHOT_FOLDER
"""
import os
import sys

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

import browser_check as walk

BASE, IDP, SHOTS = sys.argv[1].rstrip("/"), sys.argv[2].rstrip("/"), sys.argv[3]


def arrive(driver, condition, what, seconds=30):
    """Waits for `condition`; when it does not come, says where the browser is instead."""
    try:
        walk.wait(driver, condition, seconds)
    except TimeoutException:
        text = driver.find_element(By.TAG_NAME, "body").text[:400].replace("\n", " | ")
        walk.check(False, "sso: %s (the browser is at %s: %s)" % (what, driver.current_url, text))
        raise


def tab_to(driver, text, most=8):
    """Presses Tab until the focused element says `text`; that element, or None."""
    for _ in range(most):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        active = driver.switch_to.active_element
        if active.text.strip() == text:
            return active
    return None


def sign_in_at_the_idp(driver, username):
    """The IdP's own form, by keyboard: its username field, Tab, the password, Enter."""
    field = walk.wait(driver, EC.presence_of_element_located((By.NAME, "user")))
    walk.check(driver.current_url.startswith(IDP), "sso: the button leads to the campus sign-in service's own page")
    if driver.switch_to.active_element != field:
        field.click()
    field.send_keys(username)
    field.send_keys(Keys.TAB)
    driver.switch_to.active_element.send_keys("demo-" + username)
    driver.switch_to.active_element.send_keys(Keys.ENTER)


def main():
    os.makedirs(SHOTS, exist_ok=True)
    driver = walk.browser()
    try:
        driver.get(BASE + "/login")
        walk.check(not driver.find_elements(By.ID, "password"), "sso: with the password off, the log-in page asks for no password")
        button = tab_to(driver, "Sign in with Campus SSO")
        walk.check(button is not None, "sso: Tab reaches the Sign in with Campus SSO button")
        button.send_keys(Keys.ENTER)
        sign_in_at_the_idp(driver, "brennam")
        arrive(driver, EC.url_to_be(BASE + "/"), "back from the IdP on my week")
        walk.check(driver.current_url == BASE + "/", "sso: back from the IdP, signed in, on my week")
        who = driver.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Log out')]").text
        walk.check("brennam" in who, "sso: signed in as brennam (%s)" % who)
        driver.save_screenshot(os.path.join(SHOTS, "phone-sso-week.png"))

        logout = driver.find_element(By.XPATH, "//button[starts-with(normalize-space(.), 'Log out')]")
        logout.send_keys(Keys.ENTER)
        arrive(driver, EC.url_contains(BASE + "/login"), "logging out comes back to the log-in page")
        walk.check(driver.current_url.startswith(BASE + "/login"), "sso: logging out goes by the IdP and back to the log-in page")
        driver.get(BASE + "/")
        walk.check(driver.current_url.startswith(BASE + "/login"), "sso: the session here has ended")
        driver.get(BASE + "/login/saml")
        field = walk.wait(driver, EC.presence_of_element_located((By.NAME, "user")))
        walk.check(field is not None and driver.current_url.startswith(IDP), "sso: the IdP's session ended too: it asks for the password again")
    finally:
        driver.quit()
    print("%d single sign-on checks failed" % len(walk.failures))
    return 1 if walk.failures else 0


if __name__ == "__main__":
    sys.exit(main())
