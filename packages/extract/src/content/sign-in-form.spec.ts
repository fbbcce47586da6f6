import { showsSignInForm } from './sign-in-form';

const page = (body: string) =>
  `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
const signIn = '<form><input name="user"><input type="password" name="pw"><button>Sign in</button></form>';

describe('showsSignInForm', () => {
  it('is true for a sign-in form where the content should be', () => {
    expect(showsSignInForm(page(`<main><h1>Sign in to continue</h1>${signIn}</main>`))).toBe(true);
    expect(showsSignInForm(page(`<div class="wrap">${signIn}</div>`))).toBe(true);
    expect(showsSignInForm(page(`<article><p>The first lines of the story.</p>${signIn}</article>`))).toBe(
      true,
    );
  });

  it('is false for a page without a password field', () => {
    expect(showsSignInForm(page('<form><input name="q" type="search"></form>'))).toBe(false);
  });

  it.each([
    ['the header', `<header>${signIn}</header>`],
    ['the navigation', `<nav>${signIn}</nav>`],
    ['a sidebar', `<aside>${signIn}</aside>`],
    ['the footer', `<footer>${signIn}</footer>`],
    ['a dialog', `<dialog>${signIn}</dialog>`],
    ['an ARIA dialog', `<div role="dialog">${signIn}</div>`],
    ['a modal', `<div class="login-modal">${signIn}</div>`],
    ['a pop-up', `<div class="white-popup-block">${signIn}</div>`],
    ['a dropdown menu', `<li class="dropdown"><div class="dropdown-menu">${signIn}</div></li>`],
    ['a mobile navigation', `<div id="site-mobile-nav">${signIn}</div>`],
    ['an off-canvas panel', `<div id="offcanvas-top">${signIn}</div>`],
    ['a hidden element', `<div hidden>${signIn}</div>`],
    ['an element hidden by style', `<div style="display: none">${signIn}</div>`],
    ['a template', `<template>${signIn}</template>`],
  ])('is false for a sign-in form in %s beside the content', (_where, box) => {
    expect(showsSignInForm(page(`${box}<article><p>The story itself.</p></article>`))).toBe(false);
  });

  describe('with the content extracted from the page', () => {
    const story =
      '<p>The ferry to the north island runs twice a day from Monday, the harbour office of Lanmoor said.</p>';
    const topBox = `<div class="top"><div class="inside">${signIn}</div></div>`;

    it('is false for a sign-in box that comes before the story, whatever its container', () => {
      expect(showsSignInForm(page(`${topBox}<div class="main">${story}</div>`), story)).toBe(false);
    });

    it('is true for a sign-in form after the opening lines of the story (a teaser)', () => {
      expect(showsSignInForm(page(`<div class="main">${story}${signIn}</div>`), story)).toBe(true);
      expect(showsSignInForm(page(`${topBox}<div class="main">${story}${signIn}</div>`), story)).toBe(true);
    });

    it('is true for a sign-in page, whose content is its heading', () => {
      expect(
        showsSignInForm(page(`<main><h2>Members only</h2>${signIn}</main>`), '<h2>Members only</h2>'),
      ).toBe(true);
    });

    it('counts the field when the content is not in the markup (a story declared in JSON-LD)', () => {
      expect(showsSignInForm(page(`${topBox}<div class="main"></div>`), story)).toBe(true);
    });
  });

  it('is true when one of several password fields is in the content', () => {
    expect(showsSignInForm(page(`<header>${signIn}</header><main>${signIn}</main>`))).toBe(true);
  });
});
